"""``rulesdb sql``: run one query against the database, never a write.

What enforces it is the database, never this module's reading of the SQL:

- SQLite: the file is opened read-only by SQLite (``mode=ro``) and ``PRAGMA query_only`` is
  on, so SQLite refuses INSERT, UPDATE, DELETE, DDL and PRAGMA writes.
- PostgreSQL, in layers, each enforced by the server:
  1. the role: a superuser or the owner can undo anything from inside a query
     (``set_config('role', …)``, COPY … TO PROGRAM), so ``sql`` refuses to run as any role
     that is, or may become (role membership), a superuser, the owner of a table, a role
     that may INSERT/UPDATE/DELETE/TRUNCATE a table or CREATE in a schema or the database, or
     a member of pg_read_server_files, pg_write_server_files, pg_execute_server_program or
     pg_signal_backend. ``rulesdb grant-read`` makes such a role.
  2. one statement: the query is declared as a cursor over the extended query protocol,
     whose Parse message holds one statement ("cannot insert multiple commands into a
     prepared statement");
  3. only a query: it runs as ``SELECT * FROM (<query>) AS …``, which PostgreSQL's grammar
     accepts only for SELECT, VALUES, TABLE and WITH … SELECT: COPY, SET, DO, CALL, DML and
     DDL are syntax errors, and data-modifying WITH is refused in a cursor;
  4. a READ ONLY transaction (``default_transaction_read_only`` and SET TRANSACTION) that
     is never committed, on a connection closed afterwards (session advisory locks and
     settings die with it);
  5. time: ``statement_timeout`` bounds each statement and a watchdog thread cancels the
     backend at the deadline, so a query that lifts the timeout with ``set_config`` is still
     stopped, fetching included;
  6. memory: the session's ``work_mem`` is RULESDB_SQL_WORK_MEM whatever the server's (a
     query can raise it with ``set_config``, as any role may: time still stops it), and
     ``grant-read`` bounds the role's temporary files; a backend on this machine is
     watched as a value grows in it (``server_memory``), cancelled past its bound.

On both backends rows are fetched a few at a time (``sql_rows``), so wide rows are never
held by the thousand. SQLite bounds each value (its length limit) and, while the query runs,
its own heap (``store.sqlite_heap``), so a row too wide in all is refused as it is made.

``sql_check`` is a courtesy, not the boundary: it refuses the obvious cases (several statements,
a write, a function with effects outside the transaction) with a clearer message before the
query is sent. The attacks that fooled it (comments ended by a carriage return, Unicode
escapes, dollar-quote tags) still meet the layers above.
"""

from __future__ import annotations

from collections.abc import Iterable, Iterator
from contextlib import contextmanager
from dataclasses import dataclass
from datetime import date, datetime
from decimal import Decimal
from typing import Any

from sqlalchemy.engine import URL

from rulesdb.errors import RulesdbError
from rulesdb.questions.sql_check import check
from rulesdb.questions.sql_postgresql import postgresql_query
from rulesdb.questions.sql_rows import max_value_bytes, too_wide
from rulesdb.questions.sql_sqlite import sqlite_query
from rulesdb.store.engine import parse_url

DEFAULT_TIMEOUT = 30.0  # seconds a query may run, fetching included


@dataclass
class Result:
    """An open query: its column names, and its rows as they arrive (bounded in time)."""

    columns: list[str]
    rows: Iterator[tuple[Any, ...]]


@contextmanager
def open_query(
    url: URL | str, sql: str, timeout: float = DEFAULT_TIMEOUT, *, courtesy: bool = True
) -> Iterator[Result]:
    """Run one query read-only and stream its rows; RulesdbError (one line) otherwise.

    ``courtesy=False`` skips the early lexical check, leaving only what the database
    enforces (the tests use it to show that the database alone holds).
    """
    if isinstance(url, str):
        url = parse_url(url)
    backend = url.get_backend_name()
    if courtesy:
        check(sql, backend)
    elif not sql.strip():
        raise RulesdbError("no SQL statement given")
    run = sqlite_query if backend == "sqlite" else postgresql_query
    with run(url, sql, timeout) as (columns, rows):
        yield Result(columns, _narrow_rows(rows, max_value_bytes()))


def _narrow_rows(rows: Iterable[tuple[Any, ...]], limit: int) -> Iterator[tuple[Any, ...]]:
    """Each row in its printed form, refused in one line when wider than ``limit`` bytes,
    before any copy of it is made (a row of eight 60 MB blobs would take gigabytes to print).
    PostgreSQL refuses such a row before sending it; SQLite computes a whole row before any
    check can see it (wrapping the query in a measuring one only added copies: 1.36 GB
    against 1.0 GB for ten 50 MB values), so there the row is held once, then refused."""
    for row in rows:
        if _width(row) > limit:
            raise RulesdbError(too_wide(limit))
        yield tuple(_plain(value) for value in row)


def _width(row: tuple[Any, ...]) -> int:
    """About the characters the row prints as: a blob's hex is twice its bytes."""
    return sum(
        2 * len(value)
        if isinstance(value, bytes | memoryview)
        else len(value)
        if isinstance(value, str)
        else 8
        for value in row
    )


def run_readonly(
    url: URL | str, sql: str, timeout: float = DEFAULT_TIMEOUT, *, courtesy: bool = True
) -> tuple[list[str], list[tuple[Any, ...]]]:
    """Run one query read-only; returns (column names, every row)."""
    with open_query(url, sql, timeout, courtesy=courtesy) as result:
        return result.columns, list(result.rows)


def _plain(value: Any) -> Any:
    """Values as both backends should show them: ISO dates, numbers as int or float."""
    if isinstance(value, datetime | date):
        return value.isoformat()
    if isinstance(value, Decimal):
        if not value.is_finite():
            return float(value)
        return int(value) if value == value.to_integral_value() else float(value)
    if isinstance(value, memoryview | bytes):
        return "\\x" + bytes(value).hex()  # PostgreSQL's own text form of bytea
    return value
