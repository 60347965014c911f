"""Comprehensive Rules citations in source code and text files (``lint-citations``): the
files a list of paths names (``walking``: git's view of a folder, binaries left out), the
citations in each (``scanning``), and each distinct number checked once against a release
(``rulesdb.questions.lineage``)."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field
from datetime import date
from pathlib import Path
from typing import TYPE_CHECKING, Any

from rulesdb.citations.scanning import BUILTIN, Citation, Patterns, scan
from rulesdb.citations.walking import files_to_read, is_binary
from rulesdb.errors import RulesdbError

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

    found: list[Found] = field(default_factory=list)
    files_read: int = 0
    binary: list[str] = field(default_factory=list)
    unreadable: list[tuple[str, str]] = field(default_factory=list)  # (file, why)


def scan_paths(paths: Sequence[str | Path], patterns: Patterns = BUILTIN) -> Scanned:
    """Every citation in the files ``paths`` name (see ``walking``), file by file in order.
    A named file that cannot be read is an error; a folder's is listed as unreadable."""
    scanned = Scanned()
    for path, named in files_to_read(paths):
        try:
            data = path.read_bytes()
        except OSError as exc:
            if named:
                raise RulesdbError(f"{path}: {exc.strerror or exc}") from None
            scanned.unreadable.append((str(path), exc.strerror or str(exc)))
            continue
        if is_binary(data):
            scanned.binary.append(str(path))
            continue
        scanned.files_read += 1
        name = str(path)
        scanned.found += [Found(name, citation) for citation in scan(data, patterns)]
    return scanned


def check(bind: Any, found: Sequence[Found], as_of: date | None = None,
          since: date | None = None) -> list[tuple[Found, CitationCheck]]:
    """Each citation with its number's check, every distinct number checked once."""
    from rulesdb.questions.lineage import check_citations

    numbers = sorted({f.citation.number for f in found})
    checks = check_citations(bind, numbers, as_of=as_of, since=since)
    return [(f, checks[f.citation.number]) for f in found]
