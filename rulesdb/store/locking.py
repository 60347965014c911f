"""One writer at a time: concurrent ``rulesdb upgrade`` runs take turns, never interleave.

The same for ``rulesdb new-release`` runs writing into one checkout (``file_lock``). Waiting
is bounded ($RULESDB_LOCK_WAIT seconds, default 60): a lock someone keeps (an analyst's
session can take any advisory lock) ends in a message naming who holds it, not a hang.
"""

from __future__ import annotations

import fcntl
import os
import stat
import time
import zlib
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path

from sqlalchemy import Connection, text

from rulesdb.errors import RulesdbError
from rulesdb.settings import LOCK_WAIT
from rulesdb.store.engine import mask, sqlite_file, sqlite_problem

# A fixed key for pg_advisory_lock, derived from the project name so it is greppable.
ADVISORY_LOCK_KEY = zlib.crc32(b"rulesdb.migrations")
WAIT_VAR = LOCK_WAIT.name
_POLL = 0.2  # seconds between attempts

# Who holds a bigint advisory lock: pg_locks splits the key into classid (high 32 bits) and
# objid (low 32 bits), with objsubid 1.
_HOLDER = """
SELECT a.usename, a.pid, a.application_name, host(a.client_addr)
FROM pg_locks l JOIN pg_stat_activity a ON a.pid = l.pid
WHERE l.locktype = 'advisory' AND l.granted AND l.objsubid = 1
  AND l.classid = :high AND l.objid = :low
  AND l.database = (SELECT oid FROM pg_database WHERE datname = current_database())
LIMIT 1
"""


def lock_wait() -> float:
    """How long to wait for a lock: $RULESDB_LOCK_WAIT seconds (rulesdb.settings)."""
    wait = LOCK_WAIT.value()
    assert wait is not None  # it has a default
    return wait


@contextmanager
def migration_lock(connection: Connection) -> Iterator[None]:
    """Hold an exclusive lock for the duration of a migration run.

    PostgreSQL: a session-level advisory lock. SQLite: an flock on '<database>.lock' beside the
    file (SQLite's own locks are per transaction, and a run may span several).
    """
    if connection.dialect.name == "postgresql":
        wait = lock_wait()
        _advisory_lock(connection, wait)
        # The run's wait for table locks too (a reader's open transaction holds them): bounded
        # by the same setting, then the holders are named.
        connection.execute(text(f"SET lock_timeout = {max(1, int(wait * 1000))}"))
        connection.commit()
        try:
            yield
        except Exception as exc:
            # Through SQLAlchemy (DBAPIError.orig) or from the loader's own psycopg cursor.
            if getattr(getattr(exc, "orig", exc), "sqlstate", None) != _LOCK_NOT_AVAILABLE:
                raise
            connection.rollback()
            raise _tables_held(connection, wait) from None
        finally:
            if connection.in_transaction():
                connection.rollback()
            connection.execute(text("SELECT pg_advisory_unlock(:key)"), {"key": ADVISORY_LOCK_KEY})
            connection.commit()
        return
    path = sqlite_file(connection.engine.url)
    if path is None:
        yield
        return
    problem = sqlite_problem(path)
    if problem:
        raise RulesdbError(f"cannot use {path}: {problem}")
    with file_lock(path.with_name(path.name + ".lock")):
        yield


_LOCK_NOT_AVAILABLE = "55P03"  # lock_timeout passed
# Other sessions holding locks on tables of this database.
_TABLE_HOLDERS = """
SELECT DISTINCT a.usename, a.pid, a.application_name, a.client_addr::text
FROM pg_locks l JOIN pg_stat_activity a ON a.pid = l.pid
WHERE l.granted AND l.relation IS NOT NULL AND a.pid <> pg_backend_pid()
  AND l.database = (SELECT oid FROM pg_database WHERE datname = current_database())
ORDER BY a.pid
"""


def _tables_held(connection: Connection, wait: float) -> RulesdbError:
    rows = connection.execute(text(_TABLE_HOLDERS)).all()
    connection.commit()
    holders = "; ".join(
        f"user {row[0]}, pid {row[1]}, application {row[2] or '(none)'!r}"
        f"{', from ' + row[3] if row[3] else ''}"
        for row in rows[:5]
    )
    return RulesdbError(
        f"the tables of {mask(connection.engine.url)} are locked by "
        f"{holders or 'a session that has ended since'}; gave up after {wait:g} s ({WAIT_VAR} "
        "sets how long; pg_terminate_backend(pid) ends a session that should not hold them)"
    )


def _advisory_lock(connection: Connection, wait: float) -> None:
    deadline = time.monotonic() + wait
    key = {"key": ADVISORY_LOCK_KEY}
    while True:
        taken = connection.execute(text("SELECT pg_try_advisory_lock(:key)"), key).scalar()
        connection.commit()
        if taken:
            return
        if time.monotonic() >= deadline:
            break
        time.sleep(min(_POLL, max(0.0, deadline - time.monotonic())))
    row = connection.execute(
        text(_HOLDER), {"high": ADVISORY_LOCK_KEY >> 32, "low": ADVISORY_LOCK_KEY & 0xFFFFFFFF}
    ).first()
    connection.commit()
    holder = (
        "a session that has ended since"
        if row is None
        else f"user {row[0]}, pid {row[1]}, application {row[2] or '(none)'!r}"
        f"{', from ' + row[3] if row[3] else ''}"
    )
    raise RulesdbError(
        f"rulesdb's migration lock on {mask(connection.engine.url)} is held by {holder}; "
        f"gave up after {wait:g} s ({WAIT_VAR} sets how long; pg_terminate_backend(pid) "
        "ends a session that should not hold it)"
    )


def _kind(path: Path) -> str:
    mode = path.stat().st_mode
    for test, name in (
        (stat.S_ISFIFO, "a FIFO"),
        (stat.S_ISDIR, "a folder"),
        (stat.S_ISSOCK, "a socket"),
        (stat.S_ISCHR, "a character device"),
        (stat.S_ISBLK, "a block device"),
    ):
        if test(mode):
            return name
    return "no regular file"


@contextmanager
def file_lock(path: Path, wait: float | None = None) -> Iterator[None]:
    """An exclusive flock on ``path`` (created if missing); the kernel drops it if we die.

    The holder writes its pid into the file, so a run that gives up can say who holds it.
    """
    wait = lock_wait() if wait is None else wait
    if path.exists() and not path.is_file():  # a FIFO would block, a folder cannot be locked
        raise RulesdbError(
            f"cannot use the lock file {path}: it is {_kind(path)}, not a regular file "
            "(remove it; rulesdb makes it again)"
        )
    try:
        handle = open(path, "a+b")  # noqa: SIM115 (closed below, after the unlock)
    except OSError as exc:
        why = exc.strerror or str(exc)
        raise RulesdbError(f"cannot create the lock file {path}: {why}") from None
    with handle:
        deadline = time.monotonic() + wait
        while True:
            try:
                fcntl.flock(handle, fcntl.LOCK_EX | fcntl.LOCK_NB)
                break
            except BlockingIOError:
                if time.monotonic() >= deadline:
                    handle.seek(0)
                    holder = handle.read(32).decode("ascii", "replace").strip() or "unknown"
                    raise RulesdbError(
                        f"{path} is locked by another rulesdb run (pid {holder}); "
                        f"gave up after {wait:g} s ({WAIT_VAR} sets how long)"
                    ) from None
                time.sleep(_POLL)
        try:
            handle.truncate(0)
            handle.write(f"{os.getpid()}\n".encode())
            handle.flush()
            yield
        finally:
            fcntl.flock(handle, fcntl.LOCK_UN)
