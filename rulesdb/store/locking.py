"""One writer at a time: concurrent ``rulesdb upgrade`` runs take turns, never interleave.

The same for ``rulesdb new-release`` runs writing into one checkout (``file_lock``).
"""

from __future__ import annotations

import fcntl
import zlib
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path

from sqlalchemy import Connection, text

from rulesdb.store.engine import sqlite_file

# A fixed key for pg_advisory_lock, derived from the project name so it is greppable.
ADVISORY_LOCK_KEY = zlib.crc32(b"rulesdb.migrations")


@contextmanager
def migration_lock(connection: Connection) -> Iterator[None]:
    """Hold an exclusive lock for the duration of a migration run.

    PostgreSQL: a session-level advisory lock. SQLite: an flock on '<database>.lock' beside the
    file (SQLite's own locks are per transaction, and a run may span several).
    """
    if connection.dialect.name == "postgresql":
        connection.execute(text("SELECT pg_advisory_lock(:key)"), {"key": ADVISORY_LOCK_KEY})
        connection.commit()
        try:
            yield
        finally:
            if connection.in_transaction():
                connection.rollback()
            connection.execute(text("SELECT pg_advisory_unlock(:key)"),
                               {"key": ADVISORY_LOCK_KEY})
            connection.commit()
        return
    path = sqlite_file(connection.engine.url)
    if path is None:
        yield
        return
    path.parent.mkdir(parents=True, exist_ok=True)
    with file_lock(path.with_name(path.name + ".lock")):
        yield


@contextmanager
def file_lock(path: Path) -> Iterator[None]:
    """An exclusive flock on ``path`` (created if missing); the kernel drops it if we die."""
    with open(path, "a+b") as handle:
        fcntl.flock(handle, fcntl.LOCK_EX)
        try:
            yield
        finally:
            fcntl.flock(handle, fcntl.LOCK_UN)
