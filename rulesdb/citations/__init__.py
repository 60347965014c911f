"""Comprehensive Rules citations in source code and text files (``lint-citations``): the
files a list of paths names (``walking``: git's view of a folder, binaries left out), the
citations in each (``scanning``), and each distinct number checked once against a release
(``rulesdb.questions.lineage``)."""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterable, Iterator, Sequence
from dataclasses import dataclass, field
from datetime import date
from itertools import islice
from pathlib import Path
from typing import TYPE_CHECKING, Any

from rulesdb.citations.scanning import BUILTIN, Citation, Patterns, PatternTooSlow, scan_stream
from rulesdb.citations.walking import (
    SNIFF_BYTES,
    files_of,
    is_binary,
    targets,
    why_nothing_read,
)
from rulesdb.errors import RulesdbError
from rulesdb.util.files import open_regular

if TYPE_CHECKING:
    from rulesdb.questions.lineage import CitationCheck

STATUSES = ("fine", "missing", "renumbered", "changed")


@dataclass(frozen=True, slots=True)
class Found:
    """A citation and the file it is in (the path as the walk reached it)."""

    file: str
    citation: Citation


@dataclass
class Scanned:
    """What a scan of the paths found, and what it read or left out."""

    found: list[Found] = field(default_factory=list)  # scan_paths' (scan_files yields them)
    files_read: int = 0
    binary: list[str] = field(default_factory=list)
    unreadable: list[tuple[str, str]] = field(default_factory=list)  # (file, why)
    nothing_read: list[tuple[str, str]] = field(default_factory=list)  # (folder, why)


def scan_paths(paths: Sequence[str | Path], patterns: Patterns = BUILTIN) -> Scanned:
    """Every citation in the files ``paths`` name (see ``walking``), file by file in order.
    A named file that cannot be read is an error; a folder's is listed as unreadable."""
    scanned = Scanned()
    scanned.found = list(scan_files(paths, patterns, scanned))
    return scanned


def scan_files(paths: Sequence[str | Path], patterns: Patterns,
               scanned: Scanned) -> Iterator[Found]:
    """:func:`scan_paths` as a stream: each citation as it is found, ``scanned`` counting
    what was read or left out. Every path is checked (a file or a folder) before any is
    read; a folder with no file read is told in ``scanned.nothing_read``."""
    seen: set[str] = set()

    def unreadable(path: Path, why: str) -> None:
        scanned.unreadable.append((str(path), why))

    for path, folder in targets(paths):
        files = 0
        for file in files_of(path, folder, seen, unreadable):
            files += 1
            yield from _scan_file(file, not folder, patterns, scanned)
        if folder and not files:
            scanned.nothing_read.append((str(path), why_nothing_read(path)))


def _scan_file(path: Path, named: bool, patterns: Patterns,
               scanned: Scanned) -> Iterator[Found]:
    """The citations of one file, read a window at a time (binary files left out)."""
    name = str(path)
    try:
        with open_regular(path) as handle:
            head = handle.read(SNIFF_BYTES + 1)
            if is_binary(head):
                scanned.binary.append(name)
                return
            scanned.files_read += 1
            for citation in scan_stream(handle.read, patterns, head):
                yield Found(name, citation)
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

    def add(self, found: Found, result: CitationCheck) -> None:
        self.citations += 1
        self.counts[result.status] += 1
        if found.file != self._last_file:
            self.files += 1
            self._last_file = found.file


def check(bind: Any, found: Sequence[Found], as_of: date | None = None,
          since: date | None = None) -> list[tuple[Found, CitationCheck]]:
    """Each citation with its number's check, every distinct number checked once."""
    return list(checked(bind, found, as_of, since))


CHECK_BATCH = 1000  # citations whose new numbers are checked together (one connection)
CHECKS_KEPT = 1 << 16  # checks remembered, so that a number cited again is not checked again


def checked(bind: Any, found: Iterable[Found], as_of: date | None = None,
            since: date | None = None) -> Iterator[tuple[Found, CitationCheck]]:
    """:func:`check` as a stream, in the order of ``found``: a batch of citations at a
    time, so memory holds a batch and the checks remembered, however many there are."""
    from rulesdb.questions.lineage import check_citations

    known: dict[str, CitationCheck] = {}
    stream = iter(found)
    while batch := list(islice(stream, CHECK_BATCH)):
        new = sorted({f.citation.number for f in batch} - known.keys())
        if new:
            if len(known) + len(new) > CHECKS_KEPT:
                known = {f.citation.number: known[f.citation.number] for f in batch
                         if f.citation.number in known}
            known.update(check_citations(bind, new, as_of=as_of, since=since))
        for f in batch:
            yield f, known[f.citation.number]
