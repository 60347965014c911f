"""A SQLite file that is not there: one line that says so, names the file or folder meant
when one beside it is spelled nearly alike, and how to build a database there.

A mistyped ``--db sqlite:///rulse.sqlite3`` is not an empty database: saying "empty, run
upgrade" builds 33 MB at the typo, or fails for a missing folder. So the folder's absence is
said first, then the file's, each with the nearest existing name beside it.
"""

from __future__ import annotations

import difflib
import os
from pathlib import Path

from sqlalchemy.engine import URL

from rulesdb.util.files import shown_path

SQLITE_HEADER = b"SQLite format 3\x00"
LOOKED_AT = 10_000  # entries of a folder compared with the name given, at most
_CUTOFF = 0.6  # difflib's ratio for "spelled nearly alike"


def no_database(path: Path, url: URL | str) -> str:
    """What to say about ``path``, which does not exist (``url`` names it as given)."""
    from rulesdb.store.engine import mask

    build = f"`rulesdb --db '{mask(url)}' upgrade` builds one there"
    folder = path.parent
    existing = next((p for p in (folder, *folder.parents) if p.exists()), None)
    if existing is not None and not existing.is_dir():
        return f"no database at {shown_path(path)}: {shown_path(existing)} is a file, not a folder"
    if existing is not None and existing != folder:
        first_missing = folder.relative_to(existing).parts[0]
        near = _nearest(existing, first_missing, folders=True)
        meant = f"; did you mean {shown_path(existing / near)}?" if near else ""
        return (
            f"no folder {shown_path(existing / first_missing)} (for the database "
            f"{shown_path(path)}{meant}): create it, and {build}"
        )
    near = _nearest(folder, path.name, folders=False)
    meant = f"did you mean {shown_path(folder / near)}? " if near else ""
    return f"no database at {shown_path(path)} ({meant}{build})"


def _nearest(folder: Path, name: str, *, folders: bool) -> str | None:
    """The entry of ``folder`` spelled most like ``name``: a folder, or a SQLite file."""
    try:
        with os.scandir(folder if str(folder) else ".") as entries:
            names = [
                entry.name
                for _, entry in zip(range(LOOKED_AT), entries, strict=False)
                if (entry.is_dir() if folders else entry.is_file())
            ]
    except OSError:
        return None
    for candidate in difflib.get_close_matches(name, sorted(names), n=5, cutoff=_CUTOFF):
        if folders or _is_sqlite(folder / candidate):
            return candidate
    return None


def _is_sqlite(path: Path) -> bool:
    try:
        with path.open("rb") as file:
            return file.read(len(SQLITE_HEADER)) == SQLITE_HEADER
    except OSError:
        return False
