"""Comprehensive Rules citations in a file's bytes: where each is (line, column) and the rule
number it names.

A file is searched whole, as bytes, by compiled expressions that each start with a literal
(which the regex engine finds by a fast scan): lines and columns are worked out only where a
citation is, so text with none costs a lowercased copy and one pass an expression.
"""

from __future__ import annotations

import re
from collections.abc import Iterator, Sequence
from dataclasses import dataclass

from rulesdb.errors import RulesdbError

# A rule number as code and prose cite it: a section digit and two more (702), then a rule's
# digits (702.19) and a subrule's letters (702.19b; 704.5aa since 2026). A digit, a letter or
# a further ".digit" after it means it was something else: "702.19.3", "2024-06-07" ("202"
# then "4"), "702.19bis".
_NUMBER = rb"[1-9]\d\d(?:\.\d{1,3}(?:[a-z]{1,2})?)?(?!\w|\.\d)"
# Between the keyword and the number: nothing ("CR702.19"), blanks and perhaps "("
# ("Comprehensive Rules (702.19)"), or ":" / "§" ("CR: 702.19"). "rule(100)" is a call, not
# a citation: its "(" needs a blank before it.
_LEAD = rb"(?:[ \t]+\(?|[ \t]*(?::|\xc2\xa7)[ \t]*)?"
# A list after one keyword: "rules 702.19 and 702.20", "CR 702.19b, 702.20", "702.19–702.21".
_JOINER = (rb"[ \t]*(?:,[ \t]*(?:and|or)?|;|/|&|(?:and|or|through|to)(?=[ \t])|-|\xe2\x80\x93)"
           rb"[ \t]*\(?")
_REST = rb"%s(?P<number>%s)(?:%s%s)*" % (_LEAD, _NUMBER, _JOINER, _NUMBER)
# The keywords, searched in the file's lowercased copy (bytes.lower: ASCII only, so every
# offset stays the same): each expression starts with a literal, which the regex engine
# finds by a fast scan, trying the rest only there. "comprehensive rules 702.19" is found
# by its "rules"; "rule" covers "rules".
KEYWORD_PATTERNS = (re.compile(rb"cr" + _REST), re.compile(rb"rules?" + _REST))
_COMPREHENSIVE = re.compile(rb"comprehensive[ \t]+$")
_EACH_NUMBER = re.compile(_NUMBER)
_WORD = frozenset(b"abcdefghijklmnopqrstuvwxyz0123456789_")
# What a --pattern's `number` group caught, once tidied: the form check_citations takes.
_RULE_NUMBER = re.compile(r"[1-9]\d\d(?:\.\d{1,3}(?:[a-z]{1,2})?)?")
_LINE_BREAKS = re.compile(r"\s*[\r\n]\s*")


@dataclass(frozen=True, slots=True)
class Citation:
    """One cited rule number: where its number starts (1-based line and column, the column
    in characters), the citation as written, and the number in the CR's form."""

    line: int
    column: int
    cited: str
    number: str


@dataclass(frozen=True)
class Patterns:
    """The expressions to search with: the built-in one (unless left out) and the user's."""

    custom: tuple[re.Pattern[bytes], ...] = ()
    builtin: bool = True


BUILTIN = Patterns()


def compile_pattern(text: str) -> re.Pattern[bytes]:
    """A user's ``--pattern``: a regular expression with a group named ``number``, searched
    as bytes (so ``\\w`` and ``\\d`` are ASCII; ``(?i)`` makes it case-insensitive)."""
    try:
        pattern = re.compile(text.encode("utf-8"))
    except re.error as exc:
        raise RulesdbError(f"--pattern {text!r}: not a regular expression: {exc}") from None
    if "number" not in pattern.groupindex:
        raise RulesdbError(f"--pattern {text!r}: has no group named 'number' "
                           "(write (?P<number>...) around the rule number)")
    return pattern


def scan(data: bytes, patterns: Patterns = BUILTIN) -> list[Citation]:
    """Every citation in ``data`` (a file's bytes), in the order of their numbers. A number
    two patterns both find is one citation, the first pattern's (the built-in one first)."""
    hits: dict[int, tuple[bytes, bytes]] = {}  # the number's offset -> (as written, number)
    if patterns.builtin:
        for offset, cited, number in _builtin_hits(data):
            hits.setdefault(offset, (cited, number))
    for pattern in patterns.custom:
        for match in pattern.finditer(data):
            offset = match.start("number")
            if offset >= 0:  # the group can be optional
                hits.setdefault(offset, (match.group(), match["number"]))
    return list(_located(data, hits))


def _builtin_hits(data: bytes) -> Iterator[tuple[int, bytes, bytes]]:
    """(number's offset, as written, number) for each number of each match: the first
    number's citation is from its keyword on, a list's later ones the number alone."""
    lowered = data.lower()
    for pattern in KEYWORD_PATTERNS:
        for match in pattern.finditer(lowered):
            start = match.start()
            if start and lowered[start - 1] in _WORD:
                continue  # inside a word: "SCR 702", "subrule_702"
            if lowered[start:start + 4] == b"rule":
                before = _COMPREHENSIVE.search(lowered, max(0, start - 40), start)
                start = before.start() if before else start
            number, end = match.span("number")
            if lowered.find(b"(", start, number) >= 0 and lowered[end:end + 1] == b")":
                end += 1  # "Comprehensive Rules (702.19)", as written
            yield number, data[start:end], lowered[number:match.end("number")]
            for later in _EACH_NUMBER.finditer(lowered, match.end("number"), match.end()):
                yield later.start(), data[later.start():later.end()], later.group()


def _located(data: bytes, hits: dict[int, tuple[bytes, bytes]]) -> Iterator[Citation]:
    """The hits with their lines and columns, counting newlines only between one hit and
    the next."""
    line, counted = 1, 0
    for offset in sorted(hits):
        cited, raw = hits[offset]
        number = _tidy(raw)
        if number is None:
            continue  # a --pattern's group caught something that is no rule number
        line += data.count(b"\n", counted, offset)
        counted = offset
        line_start = data.rfind(b"\n", 0, offset) + 1
        column = len(data[line_start:offset].decode("utf-8", "replace")) + 1
        yield Citation(line, column, _text(cited), number)


def _tidy(raw: bytes) -> str | None:
    number = raw.decode("utf-8", "replace").strip().rstrip(".").lower()
    return number if _RULE_NUMBER.fullmatch(number) else None


def _text(raw: bytes) -> str:
    """As written, on one line (a --pattern's match may span lines)."""
    return _LINE_BREAKS.sub(" ", raw.decode("utf-8", "replace"))


def scan_text(text: str, patterns: Patterns = BUILTIN) -> list[Citation]:
    """:func:`scan` of a string (as its UTF-8 bytes)."""
    return scan(text.encode("utf-8"), patterns)


def patterns_from(texts: Sequence[str], builtin: bool = True) -> Patterns:
    """The patterns of ``--pattern`` (each compiled) and ``--no-default-pattern``."""
    if not builtin and not texts:
        raise RulesdbError("--no-default-pattern needs at least one --pattern")
    return Patterns(tuple(compile_pattern(text) for text in texts), builtin)
