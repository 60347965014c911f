"""``rulesdb sql`` on PostgreSQL: a read-only role and transaction, bounded in time and memory."""

from __future__ import annotations

import contextlib
import re
import threading
import time
from collections.abc import Iterator
from contextlib import contextmanager
from typing import Any

from sqlalchemy.engine import URL

from rulesdb.errors import RulesdbError
from rulesdb.questions.server_memory import COPIES, MARGIN, Watch, backend_status, memory_bound
from rulesdb.questions.sql_check import READ_ONLY
from rulesdb.questions.sql_rows import bounded, max_value_bytes, timed_out, too_wide
from rulesdb.settings import SQL_MAX_VALUE
from rulesdb.store.engine import CONNECT_TIMEOUT, mask
from rulesdb.store.grants import OUTLASTING, work_mem_kb
from rulesdb.util.text import first_line

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


@contextmanager
def postgresql_query(
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
        yield columns, bounded(cursor.fetchmany, deadline, timeout)
    except psycopg.errors.QueryCanceled:
        raise _too_big(watch.most) if watch.passed else timed_out(timeout) from None
    except (psycopg.errors.ReadOnlySqlTransaction, psycopg.errors.InsufficientPrivilege) as exc:
        raise RulesdbError(f"{READ_ONLY}: the database refused it ({first_line(exc)})") from None
    except psycopg.Error as exc:
        if _ROW_TOO_WIDE in str(exc):
            raise RulesdbError(too_wide(max_value_bytes())) from None
        if watch.passed:
            raise _too_big(watch.most) from None
        if time.monotonic() > deadline:  # the cancel can also surface as a lost connection
            raise timed_out(timeout) from None
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
