"""Comprehensive Rules citations in source code and text files (``lint-citations``): the
files a list of paths names (``walking``: git's view of a folder, binaries left out), the
citations in each (``scanning``), and each distinct number checked once against a release
(``rulesdb.questions.lineage``)."""

from __future__ import annotations

import os
from collections import Counter
from collections.abc import Iterable, Iterator, Sequence
from dataclasses import dataclass, field
from datetime import date
from itertools import islice
from pathlib import Path
from typing import TYPE_CHECKING, Any

from rulesdb.citations.pinning import is_vendored_cr
from rulesdb.citations.scanning import BUILTIN, Citation, Patterns, PatternTooSlow, scan_stream
from rulesdb.citations.walking import (
    SNIFF_BYTES,
    files_of,
    is_binary,
    is_ignored,
    targets,
    why_nothing_read,
)
from rulesdb.errors import RulesdbError
from rulesdb.util.files import FileIdentity, open_regular

if TYPE_CHECKING:
    from rulesdb.citations.quotes import WordsVerdict
    from rulesdb.questions.lineage import CitationCheck

STATUSES = ("fine", "missing", "renumbered", "changed", "mismatch")


@dataclass(frozen=True, slots=True)
class Found:
    """A citation and the file it is in (the path as the walk reached it), with which file
    and which state of it the scan read (``--fix`` rewrites only that one)."""

    file: str
    citation: Citation
    identity: FileIdentity | None = None


@dataclass
class Scanned:
    """What a scan of the paths found, and what it read or left out."""

    found: list[Found] = field(default_factory=list)  # scan_paths' (scan_files yields them)
    files_read: int = 0
    binary: list[str] = field(default_factory=list)
    unreadable: list[tuple[str, str]] = field(default_factory=list)  # (file, why)
    nothing_read: list[tuple[str, str]] = field(default_factory=list)  # (folder, why)
    ignored_read: list[str] = field(default_factory=list)  # folders named that git ignores
    vendored: list[str] = field(default_factory=list)  # MagicCompRules*.txt files found


def scan_paths(paths: Sequence[str | Path], patterns: Patterns = BUILTIN) -> Scanned:
    """Every citation in the files ``paths`` name (see ``walking``), file by file in order.
    A named file that cannot be read is an error; a folder's is listed as unreadable."""
    scanned = Scanned()
    scanned.found = list(scan_files(paths, patterns, scanned))
    return scanned


def scan_files(
    paths: Sequence[str | Path], patterns: Patterns, scanned: Scanned
) -> Iterator[Found]:
    """:func:`scan_paths` as a stream: each citation as it is found, ``scanned`` counting
    what was read or left out. Every path is checked (a file or a folder) before any is
    read; a folder with no file read is told in ``scanned.nothing_read``."""
    seen: set[str] = set()

    def unreadable(path: Path, why: str) -> None:
        scanned.unreadable.append((str(path), why))

    for path, folder in targets(paths):
        files = 0
        whole = folder and is_ignored(path)  # named, so read although git ignores it
        if whole:
            scanned.ignored_read.append(str(path))
        for file in files_of(path, folder, seen, unreadable, whole=whole):
            files += 1
            if is_vendored_cr(file):  # the rulebook itself: its release told, not linted
                scanned.vendored.append(str(file))
                continue
            yield from _scan_file(file, not folder, patterns, scanned)
        if folder and not files:
            scanned.nothing_read.append((str(path), why_nothing_read(path)))


def _scan_file(path: Path, named: bool, patterns: Patterns, scanned: Scanned) -> Iterator[Found]:
    """The citations of one file, read a window at a time (binary files left out)."""
    name = str(path)
    try:
        with open_regular(path) as handle:
            identity = FileIdentity.of(os.fstat(handle.fileno()))
            head = handle.read(SNIFF_BYTES + 1)
            if is_binary(head):
                scanned.binary.append(name)
                return
            scanned.files_read += 1
            for citation in scan_stream(handle.read, patterns, head):
                yield Found(name, citation, identity)
    except PatternTooSlow as exc:
        raise RulesdbError(f"{name}: {exc}") from None
    except OSError as exc:  # a file replaced by a FIFO since the walk, unreadable, EIO
        if named:
            raise RulesdbError(f"{name}: {exc.strerror or exc}") from None
        scanned.unreadable.append((name, exc.strerror or str(exc)))


@dataclass
class Tally:
    """What the checks of a stream of citations came to: how many, of each status, and in
    how many files (a stream gives a file's citations together)."""

    citations: int = 0
    files: int = 0
    counts: Counter[str] = field(default_factory=Counter)
    _last_file: str | None = None

    def add(self, found: Found, result: CitationCheck | Verdict) -> None:
        self.citations += 1
        self.counts[result.status] += 1
        if found.file != self._last_file:
            self.files += 1
            self._last_file = found.file


@dataclass(frozen=True, slots=True)
class Verdict:
    """A citation judged: its number's check (``CitationCheck``) and, where a quote or a
    description is written with it, that judged too (``quotes.QuoteVerdict``): mismatch
    when the words are not the rule's (``matches``: the rule that holds them, or None)."""

    status: str  # fine | missing | renumbered | changed | mismatch
    now: str | None
    message: str
    uncertain: bool = False
    matches: str | None = None
    similarity: float | None = None
    judged: str = "number"  # number | title | verbatim | example | description
    quote: str | None = None  # the words judged


def check(
    bind: Any,
    found: Sequence[Found],
    as_of: date | None = None,
    since: date | None = None,
    quotes: bool = True,
    strict: bool = False,
) -> list[tuple[Found, Verdict]]:
    """Each citation with its verdict, every distinct number (and quote) checked once."""
    return list(checked(bind, found, as_of, since, quotes, strict))


CHECK_BATCH = 1000  # citations whose new numbers are checked together (one connection)
CHECKS_KEPT = 1 << 16  # checks remembered, so that a number cited again is not checked again


def checked(
    bind: Any,
    found: Iterable[Found],
    as_of: date | None = None,
    since: date | None = None,
    quotes: bool = True,
    strict: bool = False,
) -> Iterator[tuple[Found, Verdict]]:
    """:func:`check` as a stream, in the order of ``found``: a batch of citations at a
    time, so memory holds a batch and the checks remembered, however many there are.
    ``since``: the release the citations were written against (each read as it printed
    them); ``quotes``: judge the words written with each citation's group
    (``written.said_with``); ``strict``: every quote must be the cited rule's (see
    ``quotes.judge_quote``)."""
    from rulesdb.citations.quotes import combined, judge_group
    from rulesdb.citations.written import said_with
    from rulesdb.questions.lineage import check_citations
    from rulesdb.questions.reading import connected
    from rulesdb.store.releases import release_in_force

    known: dict[str, CitationCheck] = {}
    judged: dict[tuple[Any, ...], WordsVerdict] = {}
    day: date | None = None
    stream = iter(found)
    while batch := list(islice(stream, CHECK_BATCH)):
        numbers = {n for f in batch for n in (f.citation.together or (f.citation.number,))}
        new = sorted(numbers - known.keys())
        if new:
            if len(known) + len(new) > CHECKS_KEPT:
                known = {n: known[n] for n in numbers if n in known}
            known.update(check_citations(bind, new, as_of=as_of, since=since))
        keys = {id(f): _key(f, said_with) for f in batch} if quotes else {}
        # In the order the batch gives them: a run's verdicts never depend on hash order.
        todo = [k for k in dict.fromkeys(keys.values()) if k is not None and k not in judged]
        if todo:
            if len(judged) + len(todo) > CHECKS_KEPT:
                judged = {}
            with connected(bind) as connection:
                if day is None:
                    day = release_in_force(connection, as_of)
                for key in todo:
                    judged[key] = judge_group(connection, day, key[0], known, key[1], strict=strict)
        for f in batch:
            check = known[f.citation.number]
            said = keys.get(id(f))
            if said is None or day is None:
                yield f, _plain(check)
            else:
                yield f, _from(combined(check, judged[said], day), said[1])


def _key(found: Found, said_with: Any) -> tuple[Any, ...] | None:
    """What a citation's words are judged by: its group's numbers and what is written."""
    c = found.citation
    words = c.words or c.after
    if not words and not c.before:
        return None
    said = said_with(c.before, words)
    return (c.together or (c.number,), said) if said else None


def _from(verdict: Any, said: Any) -> Verdict:
    return Verdict(
        verdict.status,
        verdict.now,
        verdict.message,
        verdict.uncertain,
        verdict.matches,
        verdict.similarity,
        verdict.judged,
        said.quote or said.description or said.bare or None,
    )


def _plain(check: CitationCheck) -> Verdict:
    return Verdict(check.status, check.now, check.message, check.uncertain)
