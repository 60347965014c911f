"""The words written with a citation, read off its line: a quote, a description, a name.

After a citation (its group's last number), the rest of the line may hold

- **a quote**: a passage in double quotes, straight or curly, after ``:``, ``,``, a dash or
  a blank, closed on the same line (``CR 702.19c: "…"``, ``\\"…\\"`` in a string literal);
- **a description**: after a colon or a dash, the words up to the end of the sentence
  (``.``, ``!``, ``?`` before a blank or the line's end, ``;``, ``*/``, ``-->``);
- **bare words**: after the number or its closing parenthesis with no separator (``CR 704.5j
  legend rule``, ``(CR 702.19) trample``), read for a name only.

Before it, ``before`` keeps the line up to the citation, where a name may stand
(``Delve (CR 702.66)``); ``titles`` finds it there.
"""

from __future__ import annotations

import re
from dataclasses import dataclass

_MARKS = "\"\u201c\u201d'\u2018\u2019"
_QUOTED = re.compile(rf"\s*[{_MARKS}](.*)[{_MARKS}]\s*[.,;]?\s*", re.S)
_QUOTE_AFTER = re.compile(r'\)?\s*[:,]?\s*(?:[-\u2013\u2014]+\s*)?\\?["\u201c](.+?)\\?["\u201d]')
_DESCRIPTION_AFTER = re.compile(r"\)?\s*(?::\s*(?:[-\u2013\u2014]+\s*)?|[-\u2013\u2014]+\s+)(.+)")
_BARE_AFTER = re.compile(r"\)?[ \t]+([A-Za-z*`_].*)")
_SENTENCE_END = re.compile(r"[.!?](?=\s|$)|;|\*/|-->|\"\"\"|\\n")
MAX_WORDS_TEXT = 2000  # characters of a quote or description judged (the rest is left out)
BEFORE_KEPT = 120  # characters of the line before a citation read for a name


@dataclass(frozen=True, slots=True)
class Said:
    """What is written with a citation (at most one of quote and description; ``bare`` and
    ``before`` are read for a name only)."""

    quote: str | None = None
    description: str | None = None
    bare: str | None = None
    before: str | None = None
    colon: bool = False  # the description follows "CR X:" (not a dash after a parenthesis)

    def __bool__(self) -> bool:
        return any((self.quote, self.description, self.bare, self.before))


def quoted(text: str) -> str | None:
    """The passage inside quote marks, if ``text`` is one (after blanks and a final comma or
    full stop); else None."""
    match = _QUOTED.fullmatch(text)
    if match and match[1].strip():
        return match[1]
    return None


def said_with(before: str, after: str) -> Said:
    """The words written with a citation, from its line before and after it."""
    kept = before.rstrip().rstrip("'\"`\u201c").rstrip()
    before = before[-BEFORE_KEPT:] if kept.endswith(("(", ",")) else ""
    match = _QUOTE_AFTER.match(after)
    if match:
        return Said(quote=match[1][:MAX_WORDS_TEXT], before=before or None)
    match = _DESCRIPTION_AFTER.match(after)
    if match and match[1].lstrip()[:1] not in ('"', "\u201c"):
        text = _sentence(match[1])
        colon = after.lstrip()[:1] == ":"
        return Said(description=text or None, before=before or None, colon=colon)
    match = _BARE_AFTER.match(after)
    bare = _sentence(match[1]) if match else ""
    return Said(bare=bare or None, before=before or None)


def _sentence(text: str) -> str:
    return _SENTENCE_END.split(text, maxsplit=1)[0].strip()[:MAX_WORDS_TEXT]


def said_text(text: str, verbatim: bool | None) -> Said:
    """The words of one citation given whole (``judge_quote``, ``verify_citation``): a quote
    when ``verbatim``, a description when not, by its quote marks when None."""
    if verbatim is None:
        inner = quoted(text)
        verbatim, text = (True, inner) if inner is not None else (False, text)
    text = text[:MAX_WORDS_TEXT]
    if not text.strip():
        return Said()
    return Said(quote=text) if verbatim else Said(description=text, colon=True)
