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

On both backends rows are fetched a few at a time (``_bounded``), so wide rows are never
held by the thousand. SQLite bounds each value (its length limit) and, while the query runs,
its own heap (``store.sqlite_heap``), so a row too wide in all is refused as it is made.

``check`` is a courtesy, not the boundary: it refuses the obvious cases (several statements,
a write, a function with effects outside the transaction) with a clearer message before the
query is sent. The attacks that fooled it (comments ended by a carriage return, Unicode
escapes, dollar-quote tags) still meet the layers above.
"""

from __future__ import annotations

import contextlib
import re
import sqlite3
import threading
import time
from collections.abc import Callable, Iterable, Iterator
from contextlib import contextmanager
from dataclasses import dataclass
from datetime import date, datetime
from decimal import Decimal
from typing import Any
from urllib.parse import quote

from sqlalchemy.engine import URL

from rulesdb.errors import RulesdbError
from rulesdb.questions.server_memory import COPIES, MARGIN, Watch, backend_status, memory_bound
from rulesdb.settings import SQL_MAX_VALUE
from rulesdb.store.engine import CONNECT_TIMEOUT, mask, parse_url, sqlite_file
from rulesdb.store.grants import OUTLASTING, work_mem_kb
from rulesdb.store.missing import no_database
from rulesdb.store.sqlite_heap import heap_bounded
from rulesdb.util.files import file_kind, shown_path
from rulesdb.util.text import first_line

DEFAULT_TIMEOUT = 30.0  # seconds a query may run, fetching included
BATCH = 5000  # rows fetched at a time: memory stays flat however many rows there are
BATCH_BYTES = 8 * 2**20  # ...and at most about this many bytes of text a batch: wide rows
# fetch fewer at a time

READ_ONLY = "rulesdb sql is read-only"
QUERY_WORDS = ("select", "with", "values", "table", "(")  # what may start a PostgreSQL query

# Statements SQLite's read-only mode still lets through (or that write outside the database).
_REFUSED_STATEMENTS = {
    "attach": "it can create or write another database file",
    "detach": "it changes which databases the connection writes to",
    "vacuum": "VACUUM INTO writes a new database file",
}

# Functions whose effects outlast a read-only transaction: refused early for a clear message.
_REFUSED_FUNCTIONS = {
    "set_config",
    "pg_notify",
    "pg_terminate_backend",
    "pg_cancel_backend",
    "pg_reload_conf",
    "pg_rotate_logfile",
    "pg_switch_wal",
    "pg_promote",
    "pg_logical_emit_message",
    "pg_drop_replication_slot",
    "pg_start_backup",
    "pg_stop_backup",
    "pg_log_backend_memory_contexts",
    "pg_import_system_collations",
    "loread",
    "lowrite",
    "load_extension",
    "pg_read_file",
    "pg_read_binary_file",
    "pg_ls_dir",
    "ts_stat",
}
_REFUSED_PREFIXES = (
    "pg_advisory_",
    "pg_try_advisory_",
    "lo_",
    "dblink",
    "pg_create_",
    "pg_replication_origin_",
    "pg_stat_reset",
    "pg_file_",
    "pg_backup_",
    "pg_wal_replay_",
    "query_to_xml",
    "cursor_to_xml",
)
_WHY_FUNCTION = "its effects outlast the read-only transaction"

_IDENTIFIER = re.compile(r"[A-Za-z_\u0080-\U0010ffff][A-Za-z0-9_$\u0080-\U0010ffff]*")
_DOLLAR_TAG = re.compile(r"\$([A-Za-z_\u0080-\U0010ffff][A-Za-z0-9_\u0080-\U0010ffff]*)?\$")
_SPACE = frozenset(" \t\n\r\f\v")
_TRAILING = re.compile(r"[\s;]+\Z")

# Roles that reach the server's files, programs, other sessions, every database's data, or
# its statistics and settings.
_SERVER_ROLES = (
    "pg_read_server_files",
    "pg_write_server_files",
    "pg_execute_server_program",
    "pg_signal_backend",
    "pg_read_all_data",
    "pg_write_all_data",
    "pg_monitor",
    "pg_read_all_settings",
    "pg_read_all_stats",
    "pg_stat_scan_tables",
    "pg_checkpoint",
    "pg_create_subscription",
)

# One row per reason the session's role (or a role it may SET ROLE to) is too powerful; the
# strongest first: being a superuser (rank 0, the session's own role before one it may
# become), then the other role attributes, memberships, ownership, writes.
_POWER_CHECK = """
WITH mine AS (
    SELECT oid, rolname, rolsuper, rolreplication, rolcreaterole, rolbypassrls
    FROM pg_roles WHERE pg_has_role(session_user, oid, 'MEMBER')
), spaces AS (
    SELECT oid, nspname FROM pg_namespace
    WHERE nspname NOT LIKE 'pg\\_%%' AND nspname <> 'information_schema'
), relations AS (
    SELECT c.oid, c.relowner, c.relkind, format('%%I.%%I', s.nspname, c.relname) AS name
    FROM pg_class c JOIN spaces s ON s.oid = c.relnamespace
    WHERE c.relkind IN ('r', 'v', 'm', 'p', 'f', 'S')
)
SELECT 0 AS rank,
       CASE WHEN rolname = session_user THEN 'is a superuser' ELSE 'may act as the superuser'
       END AS why,
       CASE WHEN rolname = session_user THEN '' ELSE rolname END AS what
FROM mine WHERE rolsuper
UNION ALL
SELECT 1, 'may act as a role with REPLICATION (replication slots outlast it):', rolname
FROM mine WHERE rolreplication
UNION ALL
SELECT 1, 'may act as a role with CREATEROLE:', rolname FROM mine WHERE rolcreaterole
UNION ALL
SELECT 1, 'may act as a role with BYPASSRLS:', rolname FROM mine WHERE rolbypassrls
UNION ALL
SELECT 2, 'is a member of', rolname FROM mine WHERE rolname = ANY(%(server_roles)s)
UNION ALL
SELECT 3, 'owns', r.name FROM relations r WHERE r.relowner IN (SELECT oid FROM mine)
UNION ALL
SELECT 4, 'may write', r.name FROM relations r CROSS JOIN mine m
WHERE CASE WHEN r.relkind = 'S' THEN has_sequence_privilege(m.oid, r.oid, 'USAGE, UPDATE')
      ELSE has_table_privilege(m.oid, r.oid, 'INSERT, UPDATE, DELETE, TRUNCATE') END
UNION ALL
SELECT 5, 'may CREATE in schema', s.nspname FROM spaces s CROSS JOIN mine m
WHERE has_schema_privilege(m.oid, s.oid, 'CREATE')
UNION ALL
SELECT 6, 'may CREATE in database', current_database() FROM mine m
WHERE has_database_privilege(m.oid, current_database(), 'CREATE')
UNION ALL
SELECT 7, 'may run (its effects outlast the transaction; grant-read as a superuser revokes it)',
       p.oid::regprocedure::text
FROM pg_proc p CROSS JOIN mine m
WHERE p.proname = ANY(%(outlasting)s) AND has_function_privilege(m.oid, p.oid, 'EXECUTE')
ORDER BY rank, what
LIMIT 1
"""


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
    run = _sqlite_query if backend == "sqlite" else _postgresql_query
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
            raise RulesdbError(_too_wide(limit))
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


def _too_wide(limit: int) -> str:
    return (
        f"a row of the result is wider than {limit / 2**20:g} MB (RULESDB_SQL_MAX_VALUE); "
        "select fewer or shorter values, e.g. substr(value, 1, 1000)"
    )


def run_readonly(
    url: URL | str, sql: str, timeout: float = DEFAULT_TIMEOUT, *, courtesy: bool = True
) -> tuple[list[str], list[tuple[Any, ...]]]:
    """Run one query read-only; returns (column names, every row)."""
    with open_query(url, sql, timeout, courtesy=courtesy) as result:
        return result.columns, list(result.rows)


def check(sql: str, backend: str) -> None:
    """Refuse early, with a clear message, what the database would refuse or should not run."""
    tokens = tokens_of(sql, backend)
    words = [token for token in tokens if token != ";"]
    if not words:
        raise RulesdbError("no SQL statement given")
    first_end = tokens.index(";") if ";" in tokens else len(tokens)
    if any(token != ";" for token in tokens[first_end:]):
        raise RulesdbError(
            "rulesdb sql runs one statement at a time; remove everything after the first ';'"
        )
    statement = words[0]
    if statement in _REFUSED_STATEMENTS:
        raise RulesdbError(
            f"{READ_ONLY}: {statement.upper()} is refused ({_REFUSED_STATEMENTS[statement]})"
        )
    if backend != "sqlite" and statement not in QUERY_WORDS:
        # The first token may be a quoted name holding a line break: the refusal is one line.
        shown = " ".join(statement.upper().split())
        raise RulesdbError(
            f"{READ_ONLY}: it runs one query (SELECT, WITH ... SELECT, VALUES "
            f"or TABLE), not {shown}"
        )
    for index, token in enumerate(tokens[:-1]):
        if tokens[index + 1] == "(" and (
            token in _REFUSED_FUNCTIONS or token.startswith(_REFUSED_PREFIXES)
        ):
            raise RulesdbError(f"{READ_ONLY}: {token}() is refused ({_WHY_FUNCTION})")


def tokens_of(sql: str, backend: str) -> list[str]:
    """The statement's code as lower-case words and single characters.

    String literals and comments are dropped; quoted identifiers become words. PostgreSQL
    nests block comments and has dollar-quoted and E'' strings; SQLite has neither, but quotes
    identifiers with `backticks` and [brackets] too.
    """
    postgres = backend != "sqlite"
    tokens: list[str] = []
    i, n = 0, len(sql)
    while i < n:
        char = sql[i]
        if char in _SPACE:  # not U+00A0 or U+3000: both backends read those as letters
            i += 1
        elif sql.startswith("--", i):
            # PostgreSQL ends a -- comment at a carriage return too; SQLite only at a newline.
            ends = [sql.find(stop, i) for stop in ("\n", "\r") if postgres or stop == "\n"]
            found = [end for end in ends if end >= 0]
            i = min(found) + 1 if found else n
        elif sql.startswith("/*", i):
            i = _block_comment_end(sql, i, nested=postgres)
        elif char == "'":
            escapes = postgres and _is_escape_string(sql, i)
            if escapes:
                tokens.pop()  # the E of E'...' is part of the string, not a word
            i = _quoted_end(sql, i, "'", backslash=escapes)
        elif char in '"`' or (char == "[" and not postgres):
            close = "]" if char == "[" else char
            end = _quoted_end(sql, i, close)
            tokens.append(sql[i + 1 : end - 1].replace(close * 2, close).casefold())
            i = end
        elif postgres and char == "$" and (match := _DOLLAR_TAG.match(sql, i)):
            end = sql.find(match.group(0), match.end())
            i = n if end < 0 else end + len(match.group(0))
        elif match := _IDENTIFIER.match(sql, i):
            tokens.append(match.group(0).casefold())
            i = match.end()
        else:
            tokens.append(char)
            i += 1
    return tokens


def _block_comment_end(sql: str, start: int, nested: bool) -> int:
    depth, i = 0, start
    while i < len(sql):
        if sql.startswith("/*", i):
            depth = depth + 1 if nested or depth == 0 else depth
            i += 2
        elif sql.startswith("*/", i):
            depth -= 1
            i += 2
            if depth == 0:
                return i
        else:
            i += 1
    return len(sql)


def _is_escape_string(sql: str, quote_at: int) -> bool:
    """E'...' (PostgreSQL): backslash escapes; 'E' must start a word, not end an identifier."""
    if quote_at == 0 or sql[quote_at - 1] not in "eE":
        return False
    return quote_at == 1 or not (sql[quote_at - 2].isalnum() or sql[quote_at - 2] in "_$")


def _quoted_end(sql: str, start: int, close: str, backslash: bool = False) -> int:
    """Index after the closing quote; a doubled quote (and \\x in E'') stays inside."""
    i = start + 1
    while i < len(sql):
        char = sql[i]
        if backslash and char == "\\":
            i += 2
        elif char == close:
            if close != "]" and sql.startswith(close * 2, i):
                i += 2
            else:
                return i + 1
        else:
            i += 1
    return len(sql)


@contextmanager
def _sqlite_query(
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
            yield columns, _bounded(fetch, deadline, timeout)
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
        return _timed_out(timeout)
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


@contextmanager
def _postgresql_query(
    url: URL, sql: str, timeout: float
) -> Iterator[tuple[list[str], Iterator[tuple[Any, ...]]]]:
    import psycopg

    deadline = time.monotonic() + timeout
    millis = max(1, int(timeout * 1000))
    conninfo = url.set(drivername="postgresql").render_as_string(hide_password=False)
    # Every transaction of this session READ ONLY; standard strings (no backslash escapes
    # outside E''); statements and lock waits bounded in time; each sort or hash bounded in
    # memory whatever the server's work_mem (the session's value overrides the role's).
    options = (
        f"-c default_transaction_read_only=on -c standard_conforming_strings=on "
        f"-c statement_timeout={millis} -c lock_timeout={millis} "
        f"-c idle_in_transaction_session_timeout={millis + 10_000} "
        f"-c work_mem={work_mem_kb()}kB"
    )
    try:
        wait: dict[str, Any] = (
            {} if "connect_timeout" in url.query else {"connect_timeout": CONNECT_TIMEOUT}
        )
        connection = psycopg.connect(
            conninfo, options=options, autocommit=False, application_name="rulesdb sql", **wait
        )
    except psycopg.Error as exc:
        raise RulesdbError(f"cannot connect to {mask(url)}: {first_line(exc)}") from None
    # The server's statement_timeout can be lifted by the query itself (set_config); the
    # watchdog cannot: it cancels whatever the backend is doing at the deadline.
    watchdog = threading.Timer(timeout, _cancel, (connection,))
    watchdog.daemon = True
    limit = max_value_bytes()
    # ...nor can it bound the memory of a value being made: where the backend is on this
    # machine, its memory is watched (rulesdb.questions.server_memory).
    watch = Watch(backend_status(connection), memory_bound(limit), lambda: _cancel(connection))
    try:
        connection.execute("SET TRANSACTION READ ONLY")  # whatever the server's defaults
        _refuse_powerful_role(connection, url)
        watchdog.start()
        watch.start()
        cursor = connection.cursor(name="rulesdb_sql")  # DECLARE … CURSOR, extended protocol
        # The server measures each row before sending it, and refuses one past the limit
        # (the failed cast's message names the marker; it depends on the row, so the planner
        # cannot fold it): the client never holds it. CASE evaluates in order: first the
        # row's size as the server holds it (pg_column_size, a copy), so a huge value is
        # refused before its text form is built (a second copy, quotes doubled, that took
        # longer than the value itself); then the row's text. OFFSET 0 keeps the query a
        # subquery of its own, so its values are made once, not again for each test.
        cursor.execute(
            f"SELECT * FROM (SELECT * FROM (\n{_TRAILING.sub('', sql)}\n) AS rulesdb_inner "
            "OFFSET 0) AS rulesdb_query "
            f"WHERE CASE WHEN pg_column_size(rulesdb_query.*) > {limit}"
            f" THEN ('{_ROW_TOO_WIDE} ' || pg_column_size(rulesdb_query.*))::integer"
            f" WHEN octet_length(rulesdb_query::text) > {limit}"
            f" THEN ('{_ROW_TOO_WIDE} ' || octet_length(rulesdb_query::text))::integer"
            " ELSE 1 END = 1"
        )
        columns = [column.name for column in cursor.description or ()]
        yield columns, _bounded(cursor.fetchmany, deadline, timeout)
    except psycopg.errors.QueryCanceled:
        raise _too_big(watch.most) if watch.passed else _timed_out(timeout) from None
    except (psycopg.errors.ReadOnlySqlTransaction, psycopg.errors.InsufficientPrivilege) as exc:
        raise RulesdbError(f"{READ_ONLY}: the database refused it ({first_line(exc)})") from None
    except psycopg.Error as exc:
        if _ROW_TOO_WIDE in str(exc):
            raise RulesdbError(_too_wide(max_value_bytes())) from None
        if watch.passed:
            raise _too_big(watch.most) from None
        if time.monotonic() > deadline:  # the cancel can also surface as a lost connection
            raise _timed_out(timeout) from None
        raise RulesdbError(f"SQL error: {first_line(exc)}") from None
    finally:
        watchdog.cancel()
        watch.cancel()
        connection.close()  # never committed: the server rolls the transaction back


_ROW_TOO_WIDE = "rulesdb: row too wide"


def _too_big(most: int) -> RulesdbError:
    return RulesdbError(
        f"the query took more than {most / 2**20:g} MB on the server and was stopped "
        f"({COPIES} times {SQL_MAX_VALUE.name} plus {MARGIN // 2**20} MB): a value far wider "
        "than a row may be was being made; select fewer or shorter values, e.g. "
        "substr(value, 1, 1000)"
    )


def _refuse_powerful_role(connection: Any, url: URL) -> None:
    """Refuse a role that could write or reach the server: it, not the SQL, is the boundary."""
    row = connection.execute(
        _POWER_CHECK, {"server_roles": list(_SERVER_ROLES), "outlasting": list(OUTLASTING)}
    ).fetchone()
    if row is None:
        return
    user = connection.info.user
    _, why, what = row
    reason = " ".join(part for part in (why, what) if part)
    reader = url.set(username="analyst", password=None)
    raise RulesdbError(
        f"rulesdb sql on PostgreSQL runs only as a role that can read and not write, and "
        f"{user} {reason}; make one: CREATE ROLE analyst LOGIN; rulesdb --db "
        f"{mask(url)} grant-read analyst; then: rulesdb --db {mask(reader)} sql ..."
    )


def _cancel(connection: Any) -> None:
    # Already closed, or the server went away: nothing is left to stop.
    with contextlib.suppress(Exception):
        getattr(connection, "cancel_safe", connection.cancel)()


def _bounded(
    fetchmany: Callable[[int], list[Any]] | None, deadline: float, timeout: float
) -> Iterator[Any]:
    """Rows a batch at a time, stopping at the deadline even between batches. The first batch
    is one row; each next one at most twice the last and about BATCH_BYTES of rows as wide as
    the last batch's, so wide rows never arrive thousands at once."""
    size = 1
    while fetchmany is not None:
        if time.monotonic() > deadline:
            raise _timed_out(timeout)
        batch = fetchmany(size)
        if not batch:
            return
        width = sum(
            len(value)
            for row in batch
            for value in row
            if isinstance(value, str | bytes | memoryview)
        )
        size = max(1, min(BATCH, 2 * size, len(batch) * BATCH_BYTES // max(width, 1)))
        yield from batch
        del batch  # not held while the next one is fetched


def max_value_bytes() -> int:
    megabytes = SQL_MAX_VALUE.value()
    assert megabytes is not None  # it has a default
    return int(megabytes * 2**20)


def _timed_out(timeout: float) -> RulesdbError:
    return RulesdbError(f"the query ran longer than {timeout:g} s and was stopped")


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
