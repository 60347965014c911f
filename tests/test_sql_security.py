"""``rulesdb sql`` cannot write because the database enforces it, not because Python parses SQL.

The attack strings below each wrote to the database or the server through the old lexical
guard (issue 13). Here they run with the guard (``courtesy``) on and off: as a superuser and
as an owner they never reach the server; as a ``grant-read`` analyst PostgreSQL refuses them
or their effect dies with the connection. Either way the dump is identical, no file appears
and every run ends by the time limit.
"""

from __future__ import annotations

import io
import json
import os
import time
import tracemalloc
import uuid
import zlib
from collections.abc import Iterator
from pathlib import Path

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from sqlalchemy import Engine, text
from sqlalchemy.engine import URL

from rulesdb.cli.streaming import write_json_rows
from rulesdb.errors import RulesdbError
from rulesdb.questions.readonly_sql import open_query, run_readonly
from rulesdb.store.engine import make_engine
from tests.support.databases import PostgresServer, drop_role, url_text
from tests.support.dumps import write_witness
from tests.support.pgurl import created_name
from tests.support.runs import run_cli

MARKER = Path(f"/tmp/rulesdb-sec-{uuid.uuid4().hex[:8]}")  # a COPY TO would create it
LOCK_KEY = zlib.crc32(b"rulesdb.migrations")
TIMEOUT = 2.0
SLACK = 15.0  # seconds on top of the time limit: generous, the bound is what matters

ATTACKS = [
    # A -- comment PostgreSQL ends at a lone carriage return, then statements of its own.
    "SELECT 1 AS a --\r; COMMIT; BEGIN READ WRITE; DELETE FROM release; COMMIT",
    f"SELECT 1 AS a --\r; COMMIT; COPY (SELECT 1) TO PROGRAM 'touch {MARKER}'",
    f"SELECT 1 AS a --\r; COMMIT; COPY release TO '{MARKER}'",
    "SELECT 1 AS a --\r; SET statement_timeout = 0; SELECT pg_sleep(45)",
    # Characters PostgreSQL reads as part of an identifier before a dollar quote.
    "SELECT 1 AS \U0001d54f$$; CREATE TABLE pwned (x int); $$",
    "SELECT $ä$ $ä$; CREATE TABLE pwned (x int); SELECT $ä$ $ä$",
    "SELECT 1 AS a\u00a0$$; DROP VIEW v_subtype; SELECT $$",
    "SELECT 1 AS a\u3000$$; INSERT INTO card_type (name) VALUES ('pwned'); SELECT $$",
    # Function names hidden with Unicode escapes, or SQL inside a string a function runs.
    f'SELECT U&"pg\\005Fadvisory\\005Flock"({LOCK_KEY})',
    "SELECT U&\"set\\005Fconfig\"('default_transaction_read_only', 'off', false)",
    "SELECT U&\"lo\\005Fimport\"('/etc/hostname')",
    'SELECT U&"pg\\005Fterminate\\005Fbackend"(pid) FROM pg_stat_activity',
    'SELECT U&"pg\\005Fstat\\005Freset"()',
    f"SELECT * FROM ts_stat('SELECT to_tsvector(pg_advisory_lock({LOCK_KEY})::text)')",
    # Server files, not refused at all before.
    "SELECT pg_read_file('/etc/passwd')",
    "SELECT * FROM pg_ls_dir('/')",
    "SELECT pg_read_binary_file('/etc/hostname')",
    # Writes of every kind.
    "DELETE FROM release",
    "WITH gone AS (DELETE FROM release RETURNING 1) SELECT count(*) FROM gone",
    f"COPY release TO '{MARKER}'",
    "DO $$ BEGIN DELETE FROM release; END $$",
    "CALL nothing()",
    "SET ROLE postgres",
    "SELECT set_config('role', 'postgres', false), pg_sleep(0)",
    "CREATE TEMP TABLE scratch AS SELECT 1",
    "SELECT 1) AS q; DELETE FROM release; SELECT * FROM (SELECT 1",
    "SELECT 1 FROM release FOR UPDATE",
]


@pytest.fixture
def pg_reader(reader_url: URL, backend: str) -> URL:
    if backend != "postgresql":
        pytest.skip("roles are PostgreSQL's")
    return reader_url


def attempt(url: URL, sql: str, courtesy: bool) -> RulesdbError | None:
    """Run one attack; returns the refusal (one line, by the time limit), or None."""
    started = time.monotonic()
    try:
        run_readonly(url, sql, timeout=TIMEOUT, courtesy=courtesy)
    except RulesdbError as exc:
        assert "\n" not in str(exc), sql
        return exc
    finally:
        assert time.monotonic() - started < TIMEOUT + SLACK, sql
    return None


def advisory_locks(engine: Engine) -> int:
    """Advisory locks held in this database, once closed sessions have finished exiting
    (a backend ends just after its client disconnects)."""
    query = text(
        "SELECT count(*) FROM pg_locks WHERE locktype = 'advisory' AND database = "
        "(SELECT oid FROM pg_database WHERE datname = current_database())"
    )
    for _ in range(100):
        with engine.connect() as connection:
            held = connection.execute(query).scalar()
        if not held:
            return 0
        time.sleep(0.1)
    return held


@pytest.fixture
def untouched(head_engine: Engine, backend: str) -> Iterator[None]:
    """The database dumps the same afterwards and no attack created a file."""
    before = write_witness(head_engine)
    yield
    assert write_witness(head_engine) == before
    assert not MARKER.exists()
    if backend == "postgresql":
        assert advisory_locks(head_engine) == 0


@pytest.mark.parametrize("courtesy", [True, False], ids=["guard", "database-only"])
def test_attacks_as_a_reader_change_nothing(
    backend: str, reader_url: URL, untouched: None, courtesy: bool
) -> None:
    for sql in ATTACKS:
        attempt(reader_url, sql, courtesy)


@pytest.mark.parametrize("backend", ["postgresql"], indirect=True)
def test_attacks_as_the_superuser_are_refused_before_they_run(
    head_url: URL, untouched: None
) -> None:
    for sql in [*ATTACKS, "SELECT 1"]:
        refused = attempt(head_url, sql, courtesy=False)
        assert refused is not None, sql
        # The strongest reason, not the first powerful role alphabetically (BYPASSRLS…).
        assert f"and {head_url.username} is a superuser;" in str(refused)
        assert "CREATE ROLE analyst LOGIN" in str(refused) and "grant-read" in str(refused)


POWERS = {
    "owner": ("ALTER TABLE release OWNER TO {role}", "owns public.release"),
    "writer": ("GRANT UPDATE ON release_subtype TO {role}", "may write public.release_subtype"),
    "creator": ("GRANT CREATE ON SCHEMA public TO {role}", "may CREATE in schema public"),
    "server files": ("GRANT pg_read_server_files TO {role}", "member of pg_read_server_files"),
    "superuser member": ("GRANT postgres TO {role}", "may act as the superuser postgres"),
    "replication": ("ALTER ROLE {role} REPLICATION", "with REPLICATION"),
    "createrole": ("ALTER ROLE {role} CREATEROLE", "with CREATEROLE"),
    "bypassrls": ("ALTER ROLE {role} BYPASSRLS", "with BYPASSRLS"),
    "monitor": ("GRANT pg_monitor TO {role}", "member of pg_monitor"),
    "all data": ("GRANT pg_read_all_data TO {role}", "member of pg_read_all_data"),
    # Every role may run it until grant-read (as a superuser) revokes it from PUBLIC.
    "outlasting function": ("SELECT 1", "may run (its effects outlast the transaction"),
}


@pytest.mark.parametrize("power", sorted(POWERS))
@pytest.mark.parametrize("backend", ["postgresql"], indirect=True)
def test_roles_that_could_write_are_refused(
    head_url: URL,
    head_engine: Engine,
    pg_server: PostgresServer,
    power: str,
    capsys: pytest.CaptureFixture[str],
) -> None:
    role = created_name("power_", 10)
    grant, reason = POWERS[power]
    with pg_server.admin.connect() as connection:
        connection.execute(text(f"CREATE ROLE {role} LOGIN"))
    try:
        with head_engine.begin() as connection:
            connection.execute(text(f"GRANT SELECT ON ALL TABLES IN SCHEMA public TO {role}"))
            connection.execute(text(grant.format(role=role)))
        before = write_witness(head_engine)
        as_role = url_text(head_url.set(username=role))
        code, out, err = run_cli(["--db", as_role, "sql", "SELECT count(*) FROM release"], capsys)
        assert (code, out) == (2, "")
        [line] = err.splitlines()
        assert reason in line and "grant-read analyst" in line
        assert write_witness(head_engine) == before
    finally:
        if power == "owner":
            with head_engine.begin() as connection:
                connection.execute(text("ALTER TABLE release OWNER TO CURRENT_USER"))
        drop_role(make_engine(head_url), pg_server, role)


# Fragments around the places lexers disagree: comment ends, quotes, dollar tags, letters
# outside ASCII; and payloads that would write if they ever ran as statements of their own.
_PIECES = st.sampled_from(
    [
        "--",
        "\r",
        "\n",
        "\r\n",
        "/*",
        "*/",
        "'",
        "''",
        '"',
        "$$",
        "$a$",
        "$ä$",
        "\u00a0",
        "\u3000",
        "\U0001d54f",
        "E'\\'",
        "U&",
        "\\",
        ";",
        " ",
        "(",
        ")",
        "SELECT 1",
        "AS x",
        "DELETE FROM release",
        "DROP VIEW v_subtype",
        f"COPY release TO '{MARKER}'",
        "CREATE TABLE pwned (x int)",
        "COMMIT",
        "BEGIN READ WRITE",
        "SET ROLE postgres",
        f"pg_advisory_lock({LOCK_KEY})",
        "set_config('statement_timeout', '0', false)",
    ]
)
SQL_TEXT = st.lists(_PIECES, min_size=1, max_size=12).map("".join)


@pytest.fixture
def pg_owner(head_url: URL, head_engine: Engine, pg_server: PostgresServer) -> Iterator[URL]:
    """A non-superuser role owning one of rulesdb's tables."""
    role = created_name("owner_", 10)
    with pg_server.admin.connect() as connection:
        connection.execute(text(f"CREATE ROLE {role} LOGIN"))
    with head_engine.begin() as connection:
        connection.execute(text(f"GRANT SELECT ON ALL TABLES IN SCHEMA public TO {role}"))
        connection.execute(text(f"ALTER TABLE release_subtype OWNER TO {role}"))
    try:
        yield head_url.set(username=role)
    finally:
        with head_engine.begin() as connection:
            connection.execute(text("ALTER TABLE release_subtype OWNER TO CURRENT_USER"))
        drop_role(make_engine(head_url), pg_server, role)


@pytest.mark.parametrize("backend", ["postgresql"], indirect=True)
def test_generated_sql_changes_nothing(
    head_url: URL, pg_owner: URL, pg_reader: URL, untouched: None
) -> None:
    @settings(
        max_examples=60,
        deadline=None,
        database=None,
        suppress_health_check=[HealthCheck.function_scoped_fixture],
    )
    @given(SQL_TEXT)
    def run(sql: str) -> None:
        for powerful in (head_url, pg_owner):  # the superuser and an owner: never sent
            refused = attempt(powerful, sql, courtesy=False)
            assert refused is not None
            assert "runs only as a role" in str(refused) or not sql.strip()
        attempt(pg_reader, sql, courtesy=False)
        attempt(pg_reader, sql, courtesy=True)

    run()


@pytest.mark.parametrize("backend", ["postgresql"], indirect=True)
def test_the_time_limit_covers_fetching_after_the_timeout_is_lifted(pg_reader: URL) -> None:
    # The first batch comes at once; every later row sleeps, and statement_timeout is off.
    sql = (
        "SELECT g, set_config('statement_timeout', '0', false) AS lifted, "
        "pg_sleep(CASE WHEN g > 1000 THEN 0.05 ELSE 0 END) AS nap "
        "FROM generate_series(1, 100000) AS g"
    )
    started = time.monotonic()
    with pytest.raises(RulesdbError, match=r"ran longer than 1 s"):
        run_readonly(pg_reader, sql, timeout=1.0, courtesy=False)
    assert time.monotonic() - started < 1.0 + SLACK


def test_rows_are_streamed_not_held(reader_url: URL) -> None:
    """The Python heap's peak does not grow with the rows written: 40 000 rows through JSON
    output peak no higher than 10 000 do, give or take a fifth of what holding the 30 000 more
    would take. Measured against the smaller run, not as one figure: what any query holds
    meanwhile (about 1.7 MB: buffers of the driver and the writer) is not rows, and a bound
    on the whole peak (100 000 rows under 2 MB) sat just above it."""
    _json_output_peak(reader_url, 10)  # a first query's caches, kept out of the smaller run
    small = _json_output_peak(reader_url, 10_000)
    large = _json_output_peak(reader_url, 40_000)
    held = (40_000 - 10_000) * 100  # what holding the rows as tuples would take, at the least
    assert large - small < held / 5, (small, large)


def _json_output_peak(url: URL, rows: int) -> int:
    """The Python heap's peak while ``rows`` rows of a query are written as JSON."""
    sql = (
        "WITH RECURSIVE n(i) AS (SELECT 1 UNION ALL SELECT i + 1 FROM n WHERE "
        f"i < {rows}) SELECT i, 'some text to make the row wider' AS t FROM n"
    )
    with open(os.devnull, "w") as sink:
        tracemalloc.start()
        try:
            with open_query(url, sql, timeout=120) as result:
                written = write_json_rows(result.columns, result.rows, sink)
            peak = tracemalloc.get_traced_memory()[1]
        finally:
            tracemalloc.stop()
    assert written == rows
    return peak


def test_json_is_strict_and_tables_are_cut_with_a_note(
    backend: str, reader_url: URL, capsys: pytest.CaptureFixture[str]
) -> None:
    special = (
        "SELECT CAST('NaN' AS double precision) AS nan, "
        "CAST('Infinity' AS double precision) AS inf, 1.5 AS x"
        if backend == "postgresql"
        else "SELECT 1e999 - 1e999 AS nan, 1e999 AS inf, 1.5 AS x"
    )
    db = url_text(reader_url)
    code, out, err = run_cli(["--db", db, "sql", special, "--format", "json"], capsys)
    assert (code, err) == (0, "")

    def refuse(token: str) -> None:
        raise AssertionError(f"bare {token} in JSON output")

    [row] = json.loads(out, parse_constant=refuse)
    assert row["inf"] == "Infinity" and row["x"] == 1.5
    assert row["nan"] in ("NaN", None)  # SQLite turns inf - inf into NULL itself

    many = (
        "WITH RECURSIVE n(i) AS (SELECT 1 UNION ALL SELECT i + 1 FROM n WHERE i < 1500) "
        "SELECT i FROM n"
    )
    code, out, err = run_cli(["--db", db, "sql", many, "--format", "table"], capsys)
    assert code == 0 and len(out.splitlines()) == 2 + 1000
    assert err == "rulesdb: showing the first 1000 rows; --limit N shows more\n"
    code, out, err = run_cli(["--db", db, "sql", many, "--format", "csv", "--limit", "3"], capsys)
    assert (code, out) == (0, "i\n1\n2\n3\n") and "first 3 rows" in err
    code, out, err = run_cli(["--db", db, "sql", many, "--format", "json"], capsys)
    assert (code, err) == (0, "") and len(json.loads(out)) == 1500


@pytest.mark.parametrize("backend", ["postgresql"], indirect=True)
def test_grant_read_leaves_no_temp_tables_through_public(
    pg_reader: URL, head_engine: Engine
) -> None:
    with head_engine.connect() as connection:
        assert not connection.execute(
            text("SELECT has_database_privilege('public', current_database(), 'TEMPORARY')")
        ).scalar()
    reader = make_engine(pg_reader)
    try:
        with reader.connect() as connection:
            assert not connection.execute(
                text("SELECT has_database_privilege(current_database(), 'TEMPORARY')")
            ).scalar()
    finally:
        reader.dispose()


@pytest.mark.parametrize("backend", ["postgresql"], indirect=True)
def test_upgrade_waits_a_bounded_time_then_names_the_lock_holder(
    head_url: URL,
    pg_reader: URL,
    capsys: pytest.CaptureFixture[str],
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    import psycopg

    # A reader given grant-read cannot take the lock at all (revoked from PUBLIC) ...
    reader = psycopg.connect(url_text(pg_reader.set(drivername="postgresql")), autocommit=True)
    try:
        with pytest.raises(psycopg.errors.InsufficientPrivilege):
            reader.execute("SELECT pg_advisory_lock(%s)", (LOCK_KEY,))
    finally:
        reader.close()
    # ... and whoever else holds it is named after the bounded wait.
    holder = psycopg.connect(
        url_text(head_url.set(drivername="postgresql")),
        autocommit=True,
        application_name="analyst-notebook",
    )
    try:
        holder.execute("SELECT pg_advisory_lock(%s)", (LOCK_KEY,))
        monkeypatch.setenv("RULESDB_LOCK_WAIT", "0.5")
        code, out, err = run_cli(["--db", url_text(head_url), "upgrade"], capsys)
        assert (code, out) == (2, "")
        [line] = err.splitlines()
        assert f"user {head_url.username}, pid {holder.info.backend_pid}" in line
        assert "'analyst-notebook'" in line and "RULESDB_LOCK_WAIT" in line
    finally:
        holder.close()
    code, out, err = run_cli(["--db", url_text(head_url), "upgrade"], capsys)
    assert code == 0, err  # once the session is gone, upgrade goes ahead


def test_sqlite_upgrade_lock_is_bounded_too(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    from rulesdb.store.locking import file_lock

    database = tmp_path / "rules.sqlite3"
    monkeypatch.setenv("RULESDB_LOCK_WAIT", "0.3")
    with file_lock(database.with_name("rules.sqlite3.lock"), wait=0):
        code, out, err = run_cli(["--db", f"sqlite:///{database}", "upgrade"], capsys)
    assert (code, out) == (2, "")
    [line] = err.splitlines()
    assert f"pid {os.getpid()}" in line and "gave up after 0.3 s" in line
    monkeypatch.setenv("RULESDB_LOCK_WAIT", "soon")
    code, _, err = run_cli(["--db", f"sqlite:///{database}", "upgrade"], capsys)
    assert code == 2 and "RULESDB_LOCK_WAIT='soon'" in err


def test_streaming_json_matches_the_shared_renderer() -> None:
    from rulesdb.cli.output import render_rows

    rows = [(1, "a’b", None), (2, "x", 1.5)]
    sink = io.StringIO()
    write_json_rows(["n", "s", "f"], rows, sink)
    shared = render_rows(
        [dict(zip(["n", "s", "f"], row, strict=True)) for row in rows], ["n", "s", "f"], "json"
    )
    assert sink.getvalue() == shared + "\n"
    empty = io.StringIO()
    write_json_rows(["n"], [], empty)
    assert empty.getvalue() == render_rows([], ["n"], "json") + "\n"
