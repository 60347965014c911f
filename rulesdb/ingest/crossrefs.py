"""Cross-references that name the wrong rule: "See rule 727, “Day and Night.”" where 727 is
"Merging with Permanents" and Day and Night is 728. The CR contradicts itself there; each
such reference becomes a note of the release, as read, never a silent repair.

Precise before broad: a reference is noted only when the name it gives is the title of
another rule of the same file and is no shortening of the cited rule's own title ("rule
806, “Free-for-All”" for "Free-for-All Variant" is a shortening, not a contradiction).
"""

from __future__ import annotations

import re
from collections.abc import Iterable
from typing import Protocol

from rulesdb.util.typography import fold_typography

# rule 727, “Day and Night” / rules 702.62, "Suspend" / rule 702.62 “Suspend”
_REFERENCE = re.compile(
    r"\brules? (?P<number>\d{3}(?:\.\d+)?),? [“\"'‘](?P<name>[^”\"’]{2,60}?)[.,;]?[”\"'’]"
)
_WORD = re.compile(r"[\w-]+")


class _Titled(Protocol):
    @property
    def number(self) -> str: ...

    @property
    def text(self) -> str: ...

    @property
    def line(self) -> int: ...


class _Entry(Protocol):
    @property
    def term(self) -> str: ...

    @property
    def text(self) -> str: ...

    @property
    def line(self) -> int: ...


def _key(name: str) -> str:
    """A name's words, case and typography folded (curly or straight quotes, dashes)."""
    return " ".join(_WORD.findall(fold_typography(name).casefold()))


def titles_of(rules: Iterable[_Titled]) -> dict[str, str]:
    """Each titled rule's title: a section rule's (727) or a subrule's with no letter whose
    text is a short heading (702.62 Suspend), as the file prints them."""
    found: dict[str, str] = {}
    for rule in rules:
        first = rule.text.split("\n", 1)[0].strip()
        if not first or rule.number in found or rule.number[-1].isalpha():
            continue
        if "." not in rule.number or (len(first) <= 60 and not first.endswith(".")):
            found[rule.number] = first
    return found


def wrong_references(
    rules: Iterable[_Titled], glossary: Iterable[_Entry], source: str
) -> list[str]:
    """One note per reference whose name is another rule's title, in the file's order."""
    rules = list(rules)
    titles = titles_of(rules)
    by_name: dict[str, list[str]] = {}
    for number, title in titles.items():
        by_name.setdefault(_key(title), []).append(number)
    places = [(r.line, f"rule {r.number}", r.text) for r in rules]
    places += [(g.line, f"the glossary's {g.term!r}", g.text) for g in glossary]
    notes = []
    for line, where, text in sorted(places, key=lambda place: place[0]):
        for match in _REFERENCE.finditer(text):
            number, name = match["number"], match["name"].strip()
            cited = titles.get(number)
            others = [n for n in by_name.get(_key(name), []) if n != number]
            if cited is None or not others or set(_key(name).split()) <= set(_key(cited).split()):
                continue
            notes.append(
                f"{source}:{line}: {where} refers to rule {number}, “{name}”, but rule "
                f"{number} is “{cited}”; “{name}” is rule {' and '.join(others)}"
            )
    return notes
