"""``rulesdb sql`` on SQLite: a read-only file, bounded in time, value length and heap."""

from __future__ import annotations

import re
import sqlite3
import time
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from typing import Any
from urllib.parse import quote

from sqlalchemy.engine import URL

from rulesdb.errors import RulesdbError
from rulesdb.questions.sql_check import READ_ONLY
from rulesdb.questions.sql_rows import bounded, max_value_bytes, timed_out
from rulesdb.settings import SQL_MAX_VALUE
from rulesdb.store.engine import mask, sqlite_file
from rulesdb.store.missing import no_database
from rulesdb.store.sqlite_heap import heap_bounded
from rulesdb.util.files import file_kind, shown_path
from rulesdb.util.text import first_line


@contextmanager
def sqlite_query(
    url: URL, sql: str, timeout: float
) -> Iterator[tuple[list[str], Iterator[tuple[Any, ...]]]]:
    path = sqlite_file(url)
    if path is None:
        raise RulesdbError(
            f"rulesdb sql needs a SQLite file or a PostgreSQL database, not {mask(url)}"
        )
    if not path.exists():
        raise RulesdbError(no_database(path, url))
    if not path.is_file():
        kind = file_kind(path.stat().st_mode)
        raise RulesdbError(f"no database at {shown_path(path)}: it is {kind}, not a file")
    uri = f"file:{quote(str(path.resolve()))}?mode=ro"
    deadline = time.monotonic() + timeout
    try:
        connection = sqlite3.connect(uri, uri=True, timeout=min(10.0, timeout))
    except sqlite3.Error as exc:
        raise RulesdbError(f"cannot open {path} read-only: {first_line(exc)}") from None
    # SQLite has no statement timeout: abort from the progress handler, which also runs while
    # rows are fetched.
    connection.set_progress_handler(lambda: int(time.monotonic() > deadline), 10_000)
    # Read-only mode still lets ATTACH create a file and VACUUM INTO write one (it attaches
    # its target): with no attached databases allowed, SQLite refuses both.
    connection.setlimit(sqlite3.SQLITE_LIMIT_ATTACHED, 0)
    # Memory as well as time: no string or blob a query makes may pass the limit
    # (randomblob, printf's width, replace() amplification), by SQLite's own check.
    connection.setlimit(sqlite3.SQLITE_LIMIT_LENGTH, max_value_bytes())
    guard_printf(connection, max_value_bytes())
    # ...and the values of one row together: SQLite makes them all before Python sees any.
    try:
        connection.execute("PRAGMA query_only = ON")
        with heap_bounded(max_value_bytes() + HEAP_MARGIN):
            cursor = _heap_refused(connection.execute)(sql)
            columns = [column[0] for column in cursor.description or ()]
            fetch = _heap_refused(cursor.fetchmany) if cursor.description else None
            yield columns, bounded(fetch, deadline, timeout)
    except sqlite3.Error as exc:
        raise _sqlite_error(exc, path, deadline, timeout) from None
    finally:
        connection.rollback()
        connection.close()


# SQLite's working memory for one query beyond its widest row (page cache, sorter, a function's
# input and output held at once), within its heap bound.
HEAP_MARGIN = 32 * 2**20


def _heap_refused(call: Callable[..., Any]) -> Callable[..., Any]:
    """``call`` with SQLite's refusal to pass its heap bound said in one line."""

    def bounded(*args: Any) -> Any:
        try:
            return call(*args)
        except MemoryError:  # SQLITE_NOMEM: the heap bound, not Python's memory
            raise RulesdbError(
                f"the query needed more than {(max_value_bytes() + HEAP_MARGIN) / 2**20:g} MB "
                f"of SQLite's memory at once ({SQL_MAX_VALUE.name} plus "
                f"{HEAP_MARGIN // 2**20} MB); select fewer or shorter values, e.g. "
                "substr(value, 1, 1000)"
            ) from None

    return bounded


_DIGITS = re.compile(r"\d+")


def guard_printf(connection: sqlite3.Connection, limit: int, *, refuse: bool = True) -> None:
    """printf (and format) with a width or precision past the length limit: SQLite pads to it
    inside one call, past the progress handler's reach (2^31 characters, 20 s). A call past
    the limit is refused (``refuse``) or NULL, as SQLite's own printf is past its length limit
    (a raised error prints a traceback where callback tracebacks are on, as Datasette turns
    them); any other is made by SQLite's own printf on a connection of its own."""
    helper = sqlite3.connect(":memory:", check_same_thread=False)  # Datasette's threads
    helper.setlimit(sqlite3.SQLITE_LIMIT_LENGTH, limit)

    def printf(*args: Any) -> Any:
        spec = args[0] if args and isinstance(args[0], str) else ""
        widths = [int(digits) for digits in _DIGITS.findall(spec)]
        if any(isinstance(arg, int) and abs(arg) > limit for arg in args) or any(
            width > limit for width in widths
        ):
            if not refuse:
                return None
            raise ValueError(f"a printf width past {limit // 2**20} MB")
        marks = ", ".join("?" * len(args))
        return helper.execute(f"SELECT printf({marks})", args).fetchone()[0]

    for name in ("printf", "format"):
        connection.create_function(name, -1, printf, deterministic=True)


def _sqlite_error(exc: sqlite3.Error, path: Any, deadline: float, timeout: float) -> RulesdbError:
    message = first_line(exc)
    name = getattr(exc, "sqlite_errorname", "")
    if "interrupted" in message and time.monotonic() > deadline:
        return timed_out(timeout)
    if name == "SQLITE_READONLY_ROLLBACK":
        return RulesdbError(
            f"{path} has a hot journal ({path.name}-journal) left by a write that was "
            "interrupted; a read-only reader cannot roll it back: run any other rulesdb "
            f"command on it once (e.g. rulesdb --db sqlite:///{path} current), then retry"
        )
    if name in (
        "SQLITE_NOTADB",
        "SQLITE_CORRUPT",
        "SQLITE_CANTOPEN",
        "SQLITE_IOERR",
    ) or name.startswith(("SQLITE_IOERR", "SQLITE_CANTOPEN", "SQLITE_CORRUPT")):
        return RulesdbError(f"cannot read {path}: {message}")
    # printf and format are the only functions rulesdb adds, and raise only past the limit.
    if "string or blob too big" in message or "user-defined function raised" in message:
        return RulesdbError(
            f"the query made a value longer than {max_value_bytes() // 2**20} "
            f"MB, the most one may take ({SQL_MAX_VALUE.name})"
        )
    if "too many attached databases" in message:
        return RulesdbError(
            f"{READ_ONLY}: the database refused it (ATTACH and VACUUM INTO "
            "are disabled: they create or write other files)"
        )
    if "readonly" in message or "read-only" in message:
        return RulesdbError(f"{READ_ONLY}: the database refused it ({message})")
    return RulesdbError(f"SQL error: {message}")
