"""``rulesdb sql``: run one query against the database, never a write.

The guarantee comes from the database itself:

- SQLite: the file is opened read-only (``mode=ro``) and ``PRAGMA query_only`` is on, so
  SQLite refuses INSERT, UPDATE, DELETE, DDL and PRAGMA writes.
- PostgreSQL: the connection starts every transaction READ ONLY
  (``default_transaction_read_only``), the query runs in a transaction that is rolled back
  and the connection is closed afterwards; ``statement_timeout`` bounds its run time.

Read-only mode does not stop everything, so a small lexical guard (``check``) refuses what
gets through it: more than one statement; SQLite's ATTACH/DETACH (ATTACH creates and can write
another file) and VACUUM (VACUUM INTO writes a new file); PostgreSQL's COPY (COPY TO writes
server files or runs a program), DO and CALL (code that builds SQL from strings this guard
cannot see into), LOCK, ANALYZE, REINDEX, CLUSTER, LOAD, LISTEN/NOTIFY, CHECKPOINT; and
functions with effects outside the transaction: advisory locks, ``set_config``, large objects
(``lo_import`` creates one inside a read-only transaction), ``dblink``, backend signals, WAL
and replication control, and ``query_to_xml`` (runs SQL given as a string). Strings, quoted
identifiers and comments are tokenised the way each backend does, so a name hidden in a
string is not "seen" and a name hidden by a comment trick is not missed.
"""

from __future__ import annotations

import re
import sqlite3
import time
from datetime import date, datetime
from decimal import Decimal
from typing import Any
from urllib.parse import quote

from sqlalchemy.engine import URL

from rulesdb.errors import RulesdbError
from rulesdb.store.engine import mask, parse_url, sqlite_file

DEFAULT_TIMEOUT = 30.0  # seconds a query may run

READ_ONLY = "rulesdb sql is read-only"

# Statements a read-only connection still lets through (or that write outside the database).
_REFUSED_STATEMENTS = {
    "attach": "it can create or write another database file",
    "detach": "it changes which databases the connection writes to",
    "vacuum": "VACUUM INTO writes a new database file",
    "copy": "COPY writes server files or runs programs",
    "do": "it runs code that can build SQL from strings",
    "call": "it runs a procedure",
    "lock": "it takes locks that block other sessions",
    "analyze": "it rewrites the planner statistics",
    "reindex": "it rebuilds indexes",
    "cluster": "it rewrites tables",
    "load": "it loads a server library",
    "listen": "it listens across sessions",
    "notify": "it signals other sessions",
    "unlisten": "it listens across sessions",
    "checkpoint": "it forces server I/O",
}

# Functions with effects a rolled-back read-only transaction does not undo.
_REFUSED_FUNCTIONS = {
    "set_config", "pg_notify", "pg_terminate_backend", "pg_cancel_backend", "pg_reload_conf",
    "pg_rotate_logfile", "pg_switch_wal", "pg_promote", "pg_logical_emit_message",
    "pg_drop_replication_slot", "pg_start_backup", "pg_stop_backup",
    "pg_log_backend_memory_contexts", "pg_import_system_collations", "loread", "lowrite",
    "load_extension",
}
_REFUSED_PREFIXES = (
    "pg_advisory_", "pg_try_advisory_", "lo_", "dblink", "pg_create_", "pg_replication_origin_",
    "pg_stat_reset", "pg_file_", "pg_backup_", "pg_wal_replay_", "query_to_xml", "cursor_to_xml",
)
_WHY_FUNCTION = "its effects outlast the read-only transaction"

_IDENTIFIER = re.compile(r"[A-Za-z_\u0080-\uffff][A-Za-z0-9_$\u0080-\uffff]*")
_DOLLAR_TAG = re.compile(r"\$([A-Za-z_][A-Za-z0-9_]*)?\$")


def run_readonly(url: URL | str, sql: str,
                 timeout: float = DEFAULT_TIMEOUT) -> tuple[list[str], list[tuple[Any, ...]]]:
    """Run one query read-only; returns (column names, rows). Raises RulesdbError otherwise."""
    if isinstance(url, str):
        url = parse_url(url)
    backend = url.get_backend_name()
    check(sql, backend)
    if backend == "sqlite":
        columns, rows = _run_sqlite(url, sql, timeout)
    else:
        columns, rows = _run_postgresql(url, sql, timeout)
    return columns, [tuple(_plain(value) for value in row) for row in rows]


def check(sql: str, backend: str) -> None:
    """Refuse, before running it, what a read-only connection would still let through."""
    tokens = tokens_of(sql, backend)
    words = [token for token in tokens if token != ";"]
    if not words:
        raise RulesdbError("no SQL statement given")
    first_end = tokens.index(";") if ";" in tokens else len(tokens)
    if any(token != ";" for token in tokens[first_end:]):
        raise RulesdbError("rulesdb sql runs one statement at a time; remove everything after "
                           "the first ';'")
    statement = words[0]
    if statement in _REFUSED_STATEMENTS:
        raise RulesdbError(f"{READ_ONLY}: {statement.upper()} is refused "
                           f"({_REFUSED_STATEMENTS[statement]})")
    for index, token in enumerate(tokens[:-1]):
        if tokens[index + 1] == "(" and (token in _REFUSED_FUNCTIONS
                                         or token.startswith(_REFUSED_PREFIXES)):
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
        if char.isspace():
            i += 1
        elif sql.startswith("--", i):
            end = sql.find("\n", i)
            i = n if end < 0 else end + 1
        elif sql.startswith("/*", i):
            i = _block_comment_end(sql, i, nested=postgres)
        elif char == "'":
            escapes = postgres and _is_escape_string(sql, i)
            if escapes:
                tokens.pop()  # the E of E'...' is part of the string, not a word
            i = _quoted_end(sql, i, "'", backslash=escapes)
        elif char in "\"`" or (char == "[" and not postgres):
            close = "]" if char == "[" else char
            end = _quoted_end(sql, i, close)
            tokens.append(sql[i + 1:end - 1].replace(close * 2, close).casefold())
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


def _run_sqlite(url: URL, sql: str, timeout: float) -> tuple[list[str], list[tuple[Any, ...]]]:
    path = sqlite_file(url)
    if path is None:
        raise RulesdbError(f"rulesdb sql needs a SQLite file or a PostgreSQL database, "
                           f"not {mask(url)}")
    if not path.is_file():
        raise RulesdbError(f"no database at {path}; run: rulesdb --db {mask(url)} upgrade")
    uri = f"file:{quote(str(path.resolve()))}?mode=ro"
    try:
        connection = sqlite3.connect(uri, uri=True, timeout=10)
    except sqlite3.Error as exc:
        raise RulesdbError(f"cannot open {path} read-only: {exc}") from None
    deadline = time.monotonic() + timeout
    # SQLite has no statement timeout: abort from the progress handler instead.
    connection.set_progress_handler(lambda: int(time.monotonic() > deadline), 10_000)
    try:
        connection.execute("PRAGMA query_only = ON")
        cursor = connection.execute(sql)
        columns = [column[0] for column in cursor.description or ()]
        rows = cursor.fetchall() if cursor.description else []
    except sqlite3.Error as exc:
        message = str(exc).strip().splitlines()[0] if str(exc).strip() else type(exc).__name__
        if "interrupted" in message and time.monotonic() > deadline:
            raise RulesdbError(f"the query ran longer than {timeout:g} s and was stopped") from None
        if "readonly" in message or "read-only" in message:
            raise RulesdbError(f"{READ_ONLY}: the database refused it ({message})") from None
        raise RulesdbError(f"SQL error: {message}") from None
    finally:
        connection.rollback()
        connection.close()
    return columns, rows


def _run_postgresql(url: URL, sql: str,
                    timeout: float) -> tuple[list[str], list[tuple[Any, ...]]]:
    import psycopg

    conninfo = url.set(drivername="postgresql").render_as_string(hide_password=False)
    # Every transaction of this session is READ ONLY, standard strings (no backslash escapes
    # outside E''), and bounded in time.
    options = (f"-c default_transaction_read_only=on -c standard_conforming_strings=on "
               f"-c statement_timeout={max(1, int(timeout * 1000))}")
    try:
        connection = psycopg.connect(conninfo, options=options, connect_timeout=10,
                                     autocommit=False)
    except psycopg.Error as exc:
        raise RulesdbError(f"cannot connect to {mask(url)}: {_first_line(exc)}") from None
    try:
        with connection.cursor() as cursor:
            cursor.execute("SET TRANSACTION READ ONLY")  # also this one, whatever the server
            cursor.execute(sql)  # no parameters: the text goes to the server as written
            columns = [column.name for column in cursor.description or ()]
            rows = cursor.fetchall() if cursor.description else []
    except psycopg.errors.ReadOnlySqlTransaction as exc:
        raise RulesdbError(f"{READ_ONLY}: the database refused it ({_first_line(exc)})") from None
    except psycopg.errors.QueryCanceled:
        raise RulesdbError(f"the query ran longer than {timeout:g} s and was stopped") from None
    except psycopg.Error as exc:
        raise RulesdbError(f"SQL error: {_first_line(exc)}") from None
    finally:
        if not connection.closed:
            connection.rollback()
        connection.close()
    return columns, [tuple(row) for row in rows]


def _plain(value: Any) -> Any:
    """Values as both backends should show them: ISO dates, numbers as int or float."""
    if isinstance(value, datetime | date):
        return value.isoformat()
    if isinstance(value, Decimal):
        return int(value) if value == value.to_integral_value() else float(value)
    return value


def _first_line(exc: BaseException) -> str:
    message = str(exc).strip()
    return message.splitlines()[0] if message else type(exc).__name__
