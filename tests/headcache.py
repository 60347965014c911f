"""The session's databases at head, kept between runs while nothing they are built from changes.

Building head from empty is most of the fast loop's first 15 seconds (every release revision,
the rulebook, the keywords); a loop run again and again while working rebuilds the same
database each time. So a built head is kept in pytest's cache folder under a digest of
everything the build reads: the migrations (revisions, loaders, env.py), the seeds, alembic.ini,
the rulesdb package, the code that builds (this module, sessiondb) and the versions of Python,
SQLite, SQLAlchemy, Alembic and psycopg. Any change to any of them is another digest, so
another build; older entries are removed.

- SQLite: the built file itself.
- PostgreSQL: a ``pg_dump`` archive of the built template, restored into the next run's
  template with ``pg_restore`` (about 1 s against 10 s to build), then analysed as the build
  leaves it. Without pg_dump/pg_restore, or if either fails, the run builds as before.

A clean checkout has no cache, so CI always builds from empty; ``pytest --cache-clear``
forces a build here too.
"""

from __future__ import annotations

import hashlib
import os
import shutil
import sqlite3
import subprocess
import sys
from importlib import metadata
from pathlib import Path

from sqlalchemy.engine import URL

from rulesdb.store.paths import data_root

SOURCES = ("migrations", "seeds", "alembic.ini")
LIBRARIES = ("sqlalchemy", "alembic", "psycopg")


def chain_digest() -> str:
    """A digest of every input of a build from empty (file names and contents, versions)."""
    digest = hashlib.sha256()
    digest.update(f"{sys.version}\n{sqlite3.sqlite_version}\n".encode())
    for library in LIBRARIES:
        digest.update(f"{library} {metadata.version(library)}\n".encode())
    package = Path(__file__).resolve().parents[1] / "rulesdb"
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
    """One folder of built heads, one entry per backend, named by the chain's digest."""

    def __init__(self, folder: Path) -> None:
        self.folder = folder
        self.digest = chain_digest()

    def fetch_sqlite(self, target: Path) -> bool:
        """Copy the cached SQLite head to ``target``; False when there is none."""
        cached = self._entry("sqlite3")
        if not cached.exists():
            return False
        _copy_atomically(cached, target)
        return True

    def keep_sqlite(self, built: Path) -> None:
        self._keep(built, "sqlite3")

    def restore_postgresql(self, template: URL) -> bool:
        """Restore the cached dump into the empty database ``template``; False when there is
        none or pg_restore fails (the caller then builds, into a database made empty again)."""
        cached = self._entry("pgdump")
        if not cached.exists() or shutil.which("pg_restore") is None:
            return False
        restored = subprocess.run(
            ["pg_restore", "--single-transaction", "--exit-on-error", "--no-owner",
             "--dbname", _libpq(template), str(cached)],
            capture_output=True, text=True, env=_libpq_env(template))
        return restored.returncode == 0

    def keep_postgresql(self, template: URL) -> None:
        """Dump the built template into the cache; nothing is kept if pg_dump cannot."""
        if shutil.which("pg_dump") is None:
            return
        partial = self.folder / f"{self.digest}.pgdump.{os.getpid()}.partial"
        dumped = subprocess.run(
            ["pg_dump", "--format", "custom", "--compress", "0", "--no-owner",
             "--file", str(partial), "--dbname", _libpq(template)],
            capture_output=True, text=True, env=_libpq_env(template))
        if dumped.returncode == 0:
            self._keep(partial, "pgdump", move=True)
        else:
            partial.unlink(missing_ok=True)

    def _entry(self, kind: str) -> Path:
        return self.folder / f"{self.digest}.{kind}"

    def _keep(self, source: Path, kind: str, *, move: bool = False) -> None:
        entry = self._entry(kind)
        if move:
            os.replace(source, entry)
        else:
            _copy_atomically(source, entry)
        for stale in self.folder.glob(f"*.{kind}"):  # other digests: never read again
            if stale != entry:
                stale.unlink(missing_ok=True)


def _copy_atomically(source: Path, target: Path) -> None:
    """A reader sees the whole file or none of it (another run may read the cache now)."""
    partial = target.with_name(f"{target.name}.{os.getpid()}.partial")
    shutil.copyfile(source, partial)
    os.replace(partial, target)


def _libpq(url: URL) -> str:
    """The URL as libpq reads it (no SQLAlchemy driver name, no password: see _libpq_env)."""
    return url.set(drivername="postgresql", password=None).render_as_string(hide_password=False)


def _libpq_env(url: URL) -> dict[str, str]:
    env = dict(os.environ)
    if url.password:
        env["PGPASSWORD"] = str(url.password)
    return env
