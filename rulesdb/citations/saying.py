"""How much of a quote a rule says, for ``verify_citation``'s answer: verbatim, close or absent.

Verbatim is the gate's own judgement (``rulesdb.citations.quotes.holds_quote``, which
``lint-citations`` uses too), so the MCP server and ``lint-citations`` give one answer. Short of
verbatim, the share of the quote's words the rule has in order grades it: close (most of them,
e.g. one word changed) or absent; a close quote is never verified.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from difflib import SequenceMatcher

from rulesdb.citations.quotes import holds_quote
from rulesdb.questions.diff import normalise_rule_text

CLOSE = 0.8  # share of a quote's words the rule has in order: close, not verbatim
_WORD = re.compile(r"\w+", re.UNICODE)
_ELLIPSIS = re.compile(r"\[?(?:\.\s*\.\s*\.|…)\]?")


@dataclass(frozen=True)
class Saying:
    """How a rule's words hold a quote: verbatim, close (most of its words, in order) or
    absent; ``coverage`` is the share of the quote's words the rule has in order."""

    verdict: str  # verbatim | close | absent
    coverage: float


def words_of(text: str) -> list[str]:
    return _WORD.findall(normalise_rule_text(text).casefold())


def quote_words(quote: str) -> list[str]:
    """The quote's words, ellipses left out (the words a full-text search looks for)."""
    return [word for part in _ELLIPSIS.split(quote) for word in words_of(part)]


def says(quote: str, rule_text: str) -> Saying:
    """Whether ``rule_text`` (a rule's text and examples) says ``quote``."""
    parts = [words for words in map(words_of, _ELLIPSIS.split(quote)) if words]
    rule = words_of(rule_text)
    wanted = sum(len(part) for part in parts)
    if not wanted:
        return Saying("absent", 0.0)
    if holds_quote(quote, rule_text):
        return Saying("verbatim", 1.0)
    flat = [word for part in parts for word in part]
    matched = sum(
        block.size
        for block in SequenceMatcher(None, flat, rule, autojunk=False).get_matching_blocks()
    )
    coverage = round(matched / wanted, 3)
    return Saying("close" if coverage >= CLOSE else "absent", coverage)
