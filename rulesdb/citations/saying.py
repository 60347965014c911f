"""Whether a rule says a text: a quote compared with a rule's words.

RECONCILE: a stand-in. Quote checking for ``lint-citations`` is being written in
``rulesdb/citations/quotes.py`` (branch ``gate``); once it is merged, ``verify_citation``
(``rulesdb.citations.verify``) judges quotes with its function and this module goes, so that
the MCP server and ``lint-citations`` give one answer.

A quote is compared as words: typographic quotes and dashes folded to ASCII, case and
punctuation ignored, so a quote that differs from the rule only in its typography or in a
comma is verbatim. An ellipsis (``...``, ``…``, ``[...]``) leaves words out: each part must
be in the rule, in order.
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
    at = 0
    for part in parts:
        found = _find(rule, part, at)
        if found is None:
            break
        at = found + len(part)
    else:
        return Saying("verbatim", 1.0)
    flat = [word for part in parts for word in part]
    matched = sum(block.size for block in
                  SequenceMatcher(None, flat, rule, autojunk=False).get_matching_blocks())
    coverage = round(matched / wanted, 3)
    return Saying("close" if coverage >= CLOSE else "absent", coverage)


def _find(words: list[str], part: list[str], start: int) -> int | None:
    """Where ``part`` begins in ``words`` at or after ``start``."""
    first, size = part[0], len(part)
    for at in range(start, len(words) - size + 1):
        if words[at] == first and words[at:at + size] == part:
            return at
    return None
