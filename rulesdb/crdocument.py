"""Split a decoded CR text into its parts: effective date, contents, rules body, glossary.

Only structure lives here; what rule 205 means is :mod:`rulesdb.importer`'s job.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from datetime import date

from rulesdb.errors import CRFormatError

_EFFECTIVE = re.compile(
    r"effective as of\s+(?P<month>[A-Z][a-z]+)\s*(?P<day>\d{1,2}),\s*(?P<year>\d{4})"
)
_MONTHS = {
    name: number
    for number, name in enumerate(
        "January February March April May June July August September October November "
        "December".split(),
        start=1,
    )
}
# "205.", "205.3.", "205.3g", "305.6." followed by the rule's text.
_RULE = re.compile(r"^(?P<number>\d{3}(?:\.\d+[a-z]?)?)\.? (?P<text>\S.*)$")
_SECTION = re.compile(r"^\d\. \S")  # "3. Card Types": ends the rule above it


@dataclass(frozen=True)
class Rule:
    number: str
    line: int  # 1-based line of the rule's first line in the file
    text: str  # the rule's own line plus its examples, joined by newlines

    @property
    def first_line(self) -> str:
        return self.text.split("\n", 1)[0]


@dataclass(frozen=True)
class CRDocument:
    source: str
    effective_date: date
    rules: dict[str, Rule]  # by number, in the order of the rules body

    def rule(self, number: str) -> Rule:
        try:
            return self.rules[number]
        except KeyError:
            raise CRFormatError(
                self.source, None, f"rule {number} is missing; expected it in the rules body"
            ) from None

    def subrules(self, prefix: str) -> list[Rule]:
        """Rules numbered prefix + one letter (205.3 → 205.3a, 205.3b, ...)."""
        return [
            rule
            for number, rule in self.rules.items()
            if number.startswith(prefix) and len(number) == len(prefix) + 1
            and number[-1].isalpha()
        ]

    def tree(self, number: str) -> list[Rule]:
        """A rule and every rule under it (205 → 205, 205.1, 205.1a, ...)."""
        return [
            rule
            for key, rule in self.rules.items()
            if key == number or key.startswith(number + ".")
        ]


def parse_document(text: str, source: str) -> CRDocument:
    lines = text.split("\n")
    effective = _effective_date(lines, source)
    body_start, body_end = _body_bounds(lines, source)
    return CRDocument(source, effective, _rules(lines, body_start, body_end))


def _effective_date(lines: list[str], source: str) -> date:
    for number, line in enumerate(lines[:50], start=1):
        match = _EFFECTIVE.search(line)
        if not match:
            continue
        month = _MONTHS.get(match["month"])
        try:
            if month is None:
                raise ValueError(match["month"])
            return date(int(match["year"]), month, int(match["day"]))
        except ValueError:
            raise CRFormatError(
                source, number, f"unreadable effective date {match.group(0)!r}"
            ) from None
    raise CRFormatError(
        source,
        None,
        "no 'These rules are effective as of <date>' line near the top; "
        "is this a Comprehensive Rules file?",
    )


def _body_bounds(lines: list[str], source: str) -> tuple[int, int]:
    """The contents end with 'Glossary' and 'Credits'; the body runs to the second 'Glossary'.

    Both headings appear twice in every official release (contents, then the sections
    themselves); a file missing the final 'Credits' is truncated.
    """
    glossary = [i for i, line in enumerate(lines) if line.strip() == "Glossary"]
    credits = [i for i, line in enumerate(lines) if line.strip() == "Credits"]
    if not credits:
        raise CRFormatError(
            source, None, "no table of contents ending in 'Credits'; is this a Comprehensive "
            "Rules file?"
        )
    if len(glossary) < 2 or len(credits) < 2 or not glossary[1] < credits[1]:
        raise CRFormatError(
            source,
            len(lines),
            "the file ends before the Glossary and Credits sections; it looks truncated",
        )
    return credits[0] + 1, glossary[1]


def _rules(lines: list[str], start: int, end: int) -> dict[str, Rule]:
    rules: dict[str, Rule] = {}
    number: str | None = None
    first = 0
    parts: list[str] = []

    def close() -> None:
        if number is not None and number not in rules:
            rules[number] = Rule(number, first + 1, "\n".join(parts))

    for index in range(start, end):
        line = lines[index].strip()
        if not line:
            continue
        match = _RULE.match(line)
        if match:
            close()
            number, first, parts = match["number"], index, [match["text"]]
        elif _SECTION.match(line):
            close()
            number = None
        elif number is not None:
            parts.append(line)  # examples and continuation lines belong to the rule above
    close()
    return rules
