"""How much of a quote a rule says, for ``verify_citation``'s answer beside the verdict.

Verbatim is the gate's own judgement (``quotes``), so the MCP server and ``lint-citations``
give one answer. Short of verbatim, the share of the quote's words the rule's own text has
in order grades it: close (most of them, e.g. one word changed) or absent; ``example``: the
quote is in the rule's examples only (card text). Only verbatim is verified.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from difflib import SequenceMatcher

from rulesdb.questions.diff import normalise_rule_text

CLOSE = 0.8  # share of a quote's words the rule has in order: close, not verbatim
_WORD = re.compile(r"\w+", re.UNICODE)
_ELLIPSIS = re.compile(r"\[?(?:\.\s*\.\s*\.|…)\]?")


@dataclass(frozen=True)
class Saying:
    """How a rule's words hold a quote: verbatim, example, close or absent; ``coverage`` is
    the share of the quote's words the rule has in order."""

    verdict: str  # verbatim | example | close | absent
    coverage: float

    @classmethod
    def graded(cls, coverage: float) -> Saying:
        return cls("close" if coverage >= CLOSE else "absent", coverage)


def words_of(text: str) -> list[str]:
    return _WORD.findall(normalise_rule_text(text).casefold())


def coverage_of(quote: str, rule_text: str) -> float:
    """The share of the quote's words (ellipses left out) ``rule_text`` has, in order."""
    flat = [word for part in _ELLIPSIS.split(quote) for word in words_of(part)]
    if not flat:
        return 0.0
    rule = words_of(rule_text)
    matched = sum(
        block.size
        for block in SequenceMatcher(None, flat, rule, autojunk=False).get_matching_blocks()
    )
    return round(matched / len(flat), 3)
