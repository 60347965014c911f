"""Split a decoded CR text into its parts: effective date, contents, rules body, glossary.

Only structure lives here; what rule 205 means is :mod:`rulesdb.ingest.extract`'s job.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field
from datetime import date, timedelta
from functools import cache

from rulesdb.errors import CRFormatError
from rulesdb.util.text import clip

# "These rules are effective as of July 11, 2009." ("current as of" before then)
_EFFECTIVE = re.compile(
    r"(?:effective|current) as of\s+(?P<month>[A-Z][a-z]+)\s*(?P<day>\d{1,2}),\s*(?P<year>\d{4})"
)
_MONTHS = {
    name: number
    for number, name in enumerate(
        "January February March April May June July August September October November "
        "December".split(),
        start=1,
    )
}
# Lines are matched in the text as a whole, each pattern starting at the newline before its
# line: scanning for a literal newline is many times faster than splitting 9,000 lines or
# anchoring with ^ and re.MULTILINE. Rule numbers: "205", "205.3", "205.3g", "305.6".
_NUMBER = r"\d{3}(?:\.\d+[a-z]?)?"
# A rule ("205.3g Artifacts ...", "305.6. The ...") or a section ("3. Card Types"): either ends
# the rule above it.
_START = re.compile(rf"\n[^\S\n]*(?:{_NUMBER}\.? \S|\d\. \S)")


@cache
def _rule_line(keep: str | None) -> re.Pattern[str]:
    """A rule's first line; `keep` (a regex the line must start with) selects the rules."""
    look = f"(?={keep})" if keep else ""
    return re.compile(rf"\n[^\S\n]*{look}(?P<number>{_NUMBER})\.? (?P<text>\S[^\n]*)")


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
    rules: dict[str, Rule]  # by number, in the order of the rules body; the first if repeated
    repeated: dict[str, int] = field(default_factory=dict)  # number -> line it appears again

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
            if number.startswith(prefix) and len(number) == len(prefix) + 1 and number[-1].isalpha()
        ]

    def tree(self, number: str) -> list[Rule]:
        """A rule and every rule under it (205 → 205, 205.1, 205.1a, ...)."""
        return [
            rule
            for key, rule in self.rules.items()
            if key == number or key.startswith(number + ".")
        ]


def parse_document(text: str, source: str, keep: str | None = None) -> CRDocument:
    """Split `text` (LF line endings) into rules; `keep` limits them to the rules whose line
    starts with that regex (``r"205[. ]"``: rule 205 and its subrules), default every rule."""
    effective = read_effective_date(text.split("\n", 50)[:50], source, text)
    padded = "\n" + text  # every line, the first too, now follows a newline
    body_start, body_end = body_bounds(padded, source)
    rules, repeated = _rules(padded, body_start, body_end, _rule_line(keep))
    return CRDocument(source, effective, rules, repeated)


def read_effective_date(lines: list[str], source: str, text: str = "") -> date:
    # The first release (1999-04-23, converted by a third party) states "current as of" only
    # at its end; a file that says "effective as of" must say it at the top.
    last = text.rsplit("\n", 50)[1:] if "current as of" not in "".join(lines[:50]) else []
    first_of_last = text.count("\n") - len(last) + 2
    tail = [
        (number, line)
        for number, line in enumerate(last, start=first_of_last)
        if "current as of" in line
    ]
    for number, line in [*enumerate(lines[:50], start=1), *tail]:
        phrase = next((p for p in ("effective as of", "current as of") if p in line), None)
        if phrase is None:
            continue
        match = _EFFECTIVE.search(line)
        month = _MONTHS.get(match["month"]) if match else None
        try:
            if match is None or month is None:
                raise ValueError(line)
            day = date(int(match["year"]), month, int(match["day"]))
        except ValueError:
            said = line[line.index(phrase) :].strip()
            raise CRFormatError(
                source,
                number,
                f"unreadable effective date {clip(said)!r}; expected "
                "'These rules are effective as of <Month> <day>, <year>.'",
            ) from None
        _check_plausible(day, source, number)
        return day
    raise CRFormatError(
        source,
        None,
        "no 'These rules are effective as of <date>.' line in the first 50 lines; "
        "expected a Comprehensive Rules text",
    )


FIRST_SET = date(1993, 8, 5)  # Limited Edition Alpha: no rules are older than the game
AHEAD = timedelta(days=366)  # releases are announced weeks, not years, before they apply


def _check_plausible(day: date, source: str, line: int) -> None:
    """An effective date outside the game's life is a typo, and would block every real
    release after it (releases only append)."""
    latest = date.today() + AHEAD
    if not FIRST_SET <= day <= latest:
        raise CRFormatError(
            source,
            line,
            f"effective date {day} is not plausible; expected "
            f"one from {FIRST_SET} to {latest} (a year from today)",
        )


def body_bounds(padded: str, source: str) -> tuple[int, int]:
    """The contents end with 'Glossary' and 'Credits'; the body runs to the second 'Glossary'.

    Both headings appear twice in every official release (contents, then the sections
    themselves); a file missing the final 'Credits' is truncated. Returns the offsets of the
    newlines that start the body's first line and end its last.
    """
    glossary, credits = heading_offsets(padded, "Glossary"), heading_offsets(padded, "Credits")
    # The file's last line: a final newline ends a line, it starts none.
    last = padded.count("\n") - (1 if padded.endswith("\n") and len(padded) > 1 else 0)
    if not credits:
        if heading_offsets(padded, "Contents"):
            raise CRFormatError(
                source,
                last,
                "the file ends inside the table of contents (no 'Credits' after "
                "'Contents'); it looks truncated",
            )
        raise CRFormatError(
            source,
            None,
            "no table of contents ending in 'Credits'; expected a Comprehensive Rules text",
        )
    if glossary and all(glossary[-1] < credit for credit in credits) and len(credits) == 1:
        # Releases before 2001 list no Credits in their contents (and 1999-11-01 dots its
        # entries): the body runs from the first rule, 100.1, to the glossary heading.
        first = re.search(r"\n[^\S\n]*100\.1\.? ", padded)
        if first and first.start() < glossary[-1]:
            return padded.rfind("\n", 0, first.start()), glossary[-1]
    if len(glossary) < 2 or len(credits) < 2 or not glossary[1] < credits[1]:
        raise CRFormatError(
            source,
            last,
            "the file ends before the Glossary and Credits sections; it looks truncated",
        )
    return padded.index("\n", credits[0] + 1), glossary[1]


def heading_offsets(padded: str, word: str) -> list[int]:
    """Offsets of the newlines before the lines that are just `word` (spaces aside)."""
    found = []
    position = padded.find(word)
    while position != -1:  # str.find: the word is rare, the lines are many
        start = padded.rfind("\n", 0, position)
        end = padded.find("\n", position)
        if padded[start + 1 : end if end != -1 else None].strip() == word:
            found.append(start)
        position = padded.find(word, position + len(word))
    return found


def _rules(
    padded: str, start: int, end: int, rule_line: re.Pattern[str]
) -> tuple[dict[str, Rule], dict[str, int]]:
    """The rules between two offsets: each rule's line plus the non-blank lines up to the next
    rule or section (its examples), stripped; the first of a repeated number wins."""
    rules: dict[str, Rule] = {}
    repeated: dict[str, int] = {}  # official files repeat a number now and then (702.175)
    line, counted = 1, 0  # the newline at offset `counted` starts line `line`
    for match in rule_line.finditer(padded, start, end):
        line += padded.count("\n", counted + 1, match.start() + 1)
        counted = match.start()
        number = match["number"]
        if number in rules:
            repeated.setdefault(number, line)
            continue
        following = _START.search(padded, match.end(), end)
        stop = following.start() if following else end
        parts = [match["text"].rstrip()]
        parts += [
            part
            for part in (piece.strip() for piece in padded[match.end() : stop].split("\n"))
            if part
        ]
        rules[number] = Rule(number, line, "\n".join(parts))
    return rules, repeated
