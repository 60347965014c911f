"""The session's SQLite database at head, kept between runs while nothing it is built from
changes.

Building head from empty is most of the fast loop's first seconds (every release revision,
the rulebook, the keywords); a loop run again and again while working rebuilds the same
database each time. So the built file is kept in pytest's cache folder under a digest of
everything the build reads: the migrations (revisions, loaders, env.py), the seeds, alembic.ini,
the rulesdb package, the code that builds (this module, sessiondb) and the versions of Python,
SQLite, SQLAlchemy, Alembic and psycopg. Any change to any of them is another digest, so
another build; older entries are removed. A copy of the file is the file, byte for byte.

PostgreSQL's template is built every run. A ``pg_dump`` archive restores it in a second instead
of ten, but not as built: the server stores the restored views as pg_dump writes them (a
column alias on each cast, ``'supertype'::character varying AS "varchar"``), so a database
built in the run would not compare equal to it. Keeping the template itself on the server
between runs would be exact, but tests drop every database they create.

A clean checkout has no cache, so CI always builds from empty; ``pytest --cache-clear``
forces a build here too.
"""

from __future__ import annotations

import hashlib
import os
import sqlite3
import sys
from importlib import metadata
from pathlib import Path

from rulesdb.store.paths import data_root
from rulesdb.util.files import write_atomically

SOURCES = ("migrations", "seeds", "alembic.ini")
LIBRARIES = ("sqlalchemy", "alembic", "psycopg")


def chain_digest() -> str:
    """A digest of every input of a build from empty (file names and contents, versions)."""
    digest = hashlib.sha256()
    digest.update(f"{sys.version}\n{sqlite3.sqlite_version}\n".encode())
    for library in LIBRARIES:
        digest.update(f"{library} {metadata.version(library)}\n".encode())
    package = Path(__file__).resolve().parents[2] / "rulesdb"
    root = data_root()
    files = [path for name in SOURCES for path in _files(root / name)]
    builders = [Path(__file__).resolve(), Path(__file__).resolve().with_name("sessiondb.py")]
    for path in sorted(files) + sorted(_files(package)) + builders:
        if "__pycache__" in path.parts:
            continue
        digest.update(f"{path.name}\0{path.stat().st_size}\0".encode())
        digest.update(path.read_bytes())
    return digest.hexdigest()[:16]


def _files(path: Path) -> list[Path]:
    if path.is_file():
        return [path]
    return [entry for entry in path.rglob("*") if entry.is_file()]


class HeadCache:
    """One folder holding the SQLite head built from the chain's current digest."""

    def __init__(self, folder: Path) -> None:
        self.folder = folder
        self.digest = chain_digest()

    @property
    def entry(self) -> Path:
        return self.folder / f"{self.digest}.sqlite3"

    def fetch_sqlite(self, target: Path) -> bool:
        """Copy the cached SQLite head to ``target``; False when there is none."""
        if not self.entry.exists():
            return False
        _copy_atomically(self.entry, target)
        return True

    def keep_sqlite(self, built: Path) -> None:
        _copy_atomically(built, self.entry)
        for stale in self.folder.glob("*.sqlite3"):  # other digests: never read again
            if stale != self.entry:
                stale.unlink(missing_ok=True)


def _copy_atomically(source: Path, target: Path) -> None:
    """A reader sees the whole file or none of it (another run may read the cache now)."""
    write_atomically(target, source.read_bytes(), f"{target.name}.{os.getpid()}.partial")
