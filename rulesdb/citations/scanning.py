"""Comprehensive Rules citations in a file's bytes: where each is (line, column) and the rule
number it names.

A file is read and searched a window at a time (``WINDOW`` bytes, cut after a line's end
where there is one), never whole, by compiled expressions that each start with a literal
(which the regex engine finds by a fast scan): text with no citation costs a lowercased copy
of the window and one pass an expression. A citation starting in a window may run
``LOOKAHEAD`` bytes past it; the ``CONTEXT`` bytes before a window say whether its first
keyword starts a word. Lines and columns are counted as the bytes go by, each byte once, so
the time is linear in the file's size however many citations one line holds, and citations
are yielded as they are found, so memory is flat in their number.

A user's ``--pattern`` is run by the ``regex`` library (the standard library's syntax, and a
time limit the standard library lacks): a pattern that backtracks without end (``(x+x+)+y``)
is stopped after ``PATTERN_SECONDS`` on a window and refused in one line.
"""

from __future__ import annotations

import io
import re
from collections.abc import Callable, Iterator, Sequence
from dataclasses import dataclass

import regex

from rulesdb.errors import RulesdbError

WINDOW = 1 << 20  # bytes searched at once: a file is never held whole
LOOKAHEAD = 4096  # bytes past a window that a citation starting in it may run into
CONTEXT = 256  # bytes kept before a window: "comprehensive rules" looks back 40, a title 200
AFTER_BYTES = 512  # of the line after a citation, kept for its quote or description
BEFORE_BYTES = 200  # of the line before a citation, kept for a title written before it
PATTERN_SECONDS = 2.0  # the most a --pattern may take over one window (wall time)
# A number this near the end of the bytes searched, before the file's end, may be cut there
# ("702.1" of "702.19"): it is left out (it is LOOKAHEAD past its window's end).
_EDGE = 16
# UTF-8 continuation bytes: a line's characters are its bytes but these.
_CONTINUATION = bytes(range(0x80, 0xC0))

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
_JOINER = (
    rb"[ \t]*(?:,[ \t]*(?:and|or)?|;|/|&|(?:and|or|through|to)(?=[ \t])|-|\xe2\x80\x93)"
    rb"[ \t]*\(?"
)
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
# What may stand between two citations of one group, which the words after the last are
# written for together: "CR 603.10a + CR 607.2a: ...", "CR 701.59a / CR 702.163a",
# "CR 702.19 (see also CR 702.20)", "rules 702.19 and 702.20" (lowercased bytes).
_GROUP_GAP = re.compile(
    rb"(?:[ \t,;/&+()]|\band\b|\bor\b|\bsee\b|\balso\b|\bplus\b)*|-|\xe2\x80\x93"
)


@dataclass(frozen=True, slots=True)
class Citation:
    """One cited rule number: where its number starts (1-based line and column, the column
    in characters), the citation as written, and the number in the CR's form."""

    line: int
    column: int
    cited: str
    number: str
    # The rest of its line after the citation (at most AFTER_BYTES): a list's last number's
    # only.
    after: str = ""
    # Its line before the group's first citation (at most BEFORE_BYTES), where a name may be
    # written: "Delve (CR 702.66)".
    before: str = ""
    # The numbers of its group, in order (itself included): citations joined by "+", "/",
    # ",", "and", "see also" whose words are judged against all of them together.
    together: tuple[str, ...] = ()
    # The rest of the line after the group's last citation, where a quote, a name or a
    # description of the group's rules is written: every citation of a group shares it.
    words: str = ""


@dataclass(frozen=True)
class Patterns:
    """The expressions to search with: the built-in one (unless left out) and the user's."""

    custom: tuple[regex.Pattern[bytes], ...] = ()
    builtin: bool = True


BUILTIN = Patterns()


class PatternTooSlow(RulesdbError):
    """A --pattern still searching a window after PATTERN_SECONDS."""


def compile_pattern(text: str) -> regex.Pattern[bytes]:
    """A user's ``--pattern``: a regular expression with a group named ``number``, searched
    as bytes (so ``\\w`` and ``\\d`` are ASCII; ``(?i)`` makes it case-insensitive), in the
    standard library's syntax (the ``regex`` library's VERSION0)."""
    try:
        pattern = regex.compile(text.encode("utf-8"))
    except (regex.error, OverflowError, RecursionError) as exc:
        raise RulesdbError(f"--pattern {text!r}: not a regular expression: {exc}") from None
    if "number" not in pattern.groupindex:
        raise RulesdbError(
            f"--pattern {text!r}: has no group named 'number' "
            "(write (?P<number>...) around the rule number)"
        )
    return pattern


def scan(data: bytes, patterns: Patterns = BUILTIN) -> list[Citation]:
    """Every citation in ``data`` (a file's bytes), in the order of their numbers. A number
    two patterns both find is one citation, the first pattern's (the built-in one first)."""
    return list(scan_stream(io.BytesIO(data).read, patterns))


def scan_stream(
    read: Callable[[int], bytes], patterns: Patterns = BUILTIN, head: bytes = b""
) -> Iterator[Citation]:
    """:func:`scan` of what ``read(n)`` gives (after ``head``, bytes already read), a window
    at a time, each citation yielded as it is found."""
    where = _Lines()
    last = -1  # the file offset of the last number yielded: a window's is never again
    for window in _windows(read, head):
        hits = _window_hits(window, patterns)
        kept = []
        for offset in sorted(hits):
            hit = hits[offset]
            number = _tidy(hit.number)
            if number is None or window.base + offset <= last:
                continue  # a --pattern's group caught no rule number, or one said already
            last = window.base + offset
            kept.append((offset, hit, number))
        for group in _groups(window.data, kept):
            together = tuple(number for _, _, number in group)
            first, final = group[0][1], group[-1][1]
            words = _rest_of_line(window.data, final.after)
            before = _start_of_line(window.data, first.start)
            for offset, hit, number in group:
                line, column = where.at(window, offset)
                after = words if hit is final else _rest_of_line(window.data, hit.after)
                yield Citation(
                    line, column, _text(hit.cited), number, after, before, together, words
                )
        where.at(window, window.end)


@dataclass(frozen=True, slots=True)
class _Hit:
    """A number found in a window: as written (from its keyword, for a list's first), the
    number, where the citation starts and ends as written, and where the words after it
    start (-1 for a list's earlier numbers)."""

    cited: bytes
    number: bytes
    start: int
    end: int
    after: int


def _groups(
    data: bytes, hits: list[tuple[int, _Hit, str]]
) -> Iterator[list[tuple[int, _Hit, str]]]:
    """The hits in runs that are one group: consecutive on a line, nothing but joiners
    between one's end and the next's start."""
    group: list[tuple[int, _Hit, str]] = []
    for item in hits:
        if group:
            gap = data[group[-1][1].end : item[1].start].lower()
            if item[1].start < group[-1][1].end or not _GROUP_GAP.fullmatch(gap):
                yield group
                group = []
        group.append(item)
    if group:
        yield group


@dataclass(frozen=True, slots=True)
class _Window:
    """Bytes of a file from offset ``base``; citations starting in [start, end) are this
    window's, the bytes around them context."""

    data: bytes
    base: int
    start: int
    end: int
    final: bool  # the file ends with ``data``


def _windows(read: Callable[[int], bytes], head: bytes) -> Iterator[_Window]:
    data, base, start, final = head, 0, 0, False
    while True:
        while not final and len(data) < start + WINDOW + LOOKAHEAD:
            chunk = read(start + WINDOW + LOOKAHEAD - len(data))
            final = not chunk
            data += chunk
        if final and len(data) <= start + WINDOW + LOOKAHEAD:
            yield _Window(data, base, start, len(data), True)
            return
        end = data.rfind(b"\n", start, start + WINDOW) + 1 or start + WINDOW
        yield _Window(data, base, start, end, False)
        keep = max(end - CONTEXT, 0)
        data, base, start = data[keep:], base + keep, end - keep


class _Lines:
    """The line and column of each offset asked for, in increasing order: the bytes between
    one and the next are counted once (newlines, and the characters since the last)."""

    def __init__(self) -> None:
        self.line, self.column, self.at_offset = 1, 1, 0

    def at(self, window: _Window, offset: int) -> tuple[int, int]:
        gap = window.data[self.at_offset - window.base : offset]
        if gap:
            newlines = gap.count(b"\n")
            if newlines:
                self.line += newlines
                self.column = 1
                gap = gap[gap.rfind(b"\n") + 1 :]
            self.column += len(gap.translate(None, _CONTINUATION))
            self.at_offset = window.base + offset
        return self.line, self.column


def _start_of_line(data: bytes, end: int) -> str:
    """What precedes a citation on its line (at most ``BEFORE_BYTES``)."""
    start = max(data.rfind(b"\n", 0, end) + 1, end - BEFORE_BYTES, 0)
    return data[start:end].decode("utf-8", "ignore").lstrip("\r")


def _rest_of_line(data: bytes, start: int) -> str:
    """What follows a citation on its line (none for a list's earlier numbers: -1)."""
    if start < 0:
        return ""
    end = data.find(b"\n", start, start + AFTER_BYTES)
    rest = data[start : end if end >= 0 else start + AFTER_BYTES]
    return rest.decode("utf-8", "ignore").rstrip("\r")


def _window_hits(window: _Window, patterns: Patterns) -> dict[int, _Hit]:
    """The number's offset in the window -> its hit, of the citations starting in it."""
    hits: dict[int, _Hit] = {}
    data = window.data
    limit = len(data) if window.final else len(data) - _EDGE
    if patterns.builtin:
        for offset, end, hit in _builtin_hits(data, window.start, window.end):
            if end <= limit:
                hits.setdefault(offset, hit)
    for pattern in patterns.custom:
        try:
            for match in pattern.finditer(data, window.start, timeout=PATTERN_SECONDS):
                if match.start() >= window.end:
                    break
                offset = match.start("number")
                if offset >= 0 and match.end("number") <= limit:  # the group can be optional
                    hits.setdefault(
                        offset,
                        _Hit(
                            match.group(), match["number"], match.start(), match.end(), match.end()
                        ),
                    )
        except TimeoutError:
            shown = pattern.pattern.decode("utf-8", "replace")
            shown = shown if len(shown) <= 60 else f"{shown[:45]}…{shown[-10:]}"
            raise PatternTooSlow(
                f"--pattern {shown!r} still searching after {PATTERN_SECONDS:g} s (near byte "
                f"{window.base + window.start}): it backtracks too much; simplify it"
            ) from None
    return hits


def _builtin_hits(data: bytes, start: int, end: int) -> Iterator[tuple[int, int, _Hit]]:
    """(number's offset, its end, hit) for each number of each match starting in
    [start, end): the first number's citation is from its keyword on, a list's later ones
    the number alone; the words after are the last number's (-1 for the others)."""
    lowered = data.lower()
    for pattern in KEYWORD_PATTERNS:
        for match in pattern.finditer(lowered, start):
            first = match.start()
            if first >= end:
                break
            if first and lowered[first - 1] in _WORD:
                continue  # inside a word: "SCR 702", "subrule_702"
            if lowered[first : first + 4] == b"rule":
                before = _COMPREHENSIVE.search(lowered, max(0, first - 40), first)
                first = before.start() if before else first
            number, written = match.span("number")
            if lowered.find(b"(", first, number) >= 0 and lowered[written : written + 1] == b")":
                written += 1  # "Comprehensive Rules (702.19)", as written
            later = list(_EACH_NUMBER.finditer(lowered, match.end("number"), match.end()))
            rest = max(written, match.end())
            yield (
                number,
                match.end("number"),
                _Hit(
                    data[first:written],
                    lowered[number : match.end("number")],
                    first,
                    written,
                    -1 if later else rest,
                ),
            )
            for i, each in enumerate(later):
                yield (
                    each.start(),
                    each.end(),
                    _Hit(
                        data[each.start() : each.end()],
                        each.group(),
                        each.start(),
                        rest if i == len(later) - 1 else each.end(),
                        rest if i == len(later) - 1 else -1,
                    ),
                )


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
