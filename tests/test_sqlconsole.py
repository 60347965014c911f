"""`rulesdb sql` reads and never writes, on both backends; the lexical guard on its own."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

import pytest
from sqlalchemy import Engine, text
from sqlalchemy.engine import URL

from rulesdb.errors import RulesdbError
from rulesdb.questions.readonly_sql import run_readonly
from rulesdb.questions.sql_check import check, tokens_of
from tests.support.databases import url_text
from tests.support.dumps import write_witness

READ_ONLY = "rulesdb sql is read-only"
ONE_STATEMENT = "one statement at a time"

# (statement, what the refusal must say). Each is a write of some kind, or a side effect a
# read-only transaction would let through; both backends must refuse all of them.
WRITES = [
    ("INSERT INTO category (name) VALUES ('wizard')", READ_ONLY),
    ("UPDATE release SET source_file = 'x'", READ_ONLY),
    ("DELETE FROM release_subtype", READ_ONLY),
    ("DROP TABLE release_subtype", READ_ONLY),
    ("CREATE TABLE notes (x INTEGER)", READ_ONLY),
    ("ALTER TABLE release ADD COLUMN x INTEGER", READ_ONLY),
    ("CREATE VIEW v_x AS SELECT 1 AS one", READ_ONLY),
    ("DROP VIEW v_subtype", READ_ONLY),
    ("CREATE INDEX ix_x ON release (source_file)", READ_ONLY),
    ("ATTACH DATABASE 'attached.sqlite3' AS other", READ_ONLY),
    ("DETACH DATABASE other", READ_ONLY),
    ("VACUUM INTO 'copy.sqlite3'", READ_ONLY),
    ("COPY release TO PROGRAM 'touch copied-by-program'", READ_ONLY),
    ("COPY release TO '/tmp/rulesdb-copy-test'", READ_ONLY),
    ("SELECT pg_advisory_lock(1)", READ_ONLY),
    ("SELECT pg_catalog.pg_try_advisory_lock(2)", READ_ONLY),
    ("SELECT set_config('default_transaction_read_only', 'off', false)", READ_ONLY),
    ("SELECT lo_import('/etc/hostname')", READ_ONLY),
    ("SELECT pg_terminate_backend(pg_backend_pid())", READ_ONLY),
    ("SELECT * FROM dblink('dbname=test', 'DELETE FROM release') AS t(x text)", READ_ONLY),
    ("SELECT query_to_xml('SELECT pg_advisory_lock(3)', true, false, '')", READ_ONLY),
    ("DO 'BEGIN PERFORM pg_advisory_lock(4); END'", READ_ONLY),
    ("LOCK TABLE release IN ACCESS EXCLUSIVE MODE", READ_ONLY),
    ("ANALYZE", READ_ONLY),
    ("SELECT 1; DELETE FROM release", ONE_STATEMENT),
    ("SELECT 1; SELECT 2", ONE_STATEMENT),
    ("SELECT 1 /* ; */ ; -- ;\n DROP TABLE release", ONE_STATEMENT),
]
# Refused by the database itself; which backend says what differs (SQLite has no sequences,
# PostgreSQL no PRAGMA), so these only need to fail, without changing anything.
REFUSED_BY_BACKEND = {
    "sqlite": [
        "PRAGMA user_version = 42",
        "PRAGMA journal_mode = WAL",
        "CREATE TEMP TABLE scratch (x INTEGER)",
    ],
    "postgresql": [
        "SELECT nextval('release_seq')",
        "CREATE TEMP TABLE scratch (x integer)",
        "SELECT 1 FROM release FOR UPDATE",
        "WITH gone AS (DELETE FROM release RETURNING 1) SELECT count(*) FROM gone",
        "REFRESH MATERIALIZED VIEW v_subtype",
    ],
}


def test_every_write_is_refused_and_nothing_changes(
    backend: str,
    reader_url: URL,
    head_engine: Engine,
    tmp_path: Path,
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    workdir = tmp_path / "cwd"  # files an ATTACH or VACUUM INTO might create would land here
    workdir.mkdir()
    monkeypatch.chdir(workdir)
    if backend == "postgresql":
        with head_engine.begin() as connection:  # a sequence to try nextval() on
            connection.execute(text("CREATE SEQUENCE release_seq"))
    before = write_witness(head_engine)
    for statement, message in WRITES:
        with pytest.raises(RulesdbError) as refused:
            run_readonly(reader_url, statement)
        # SQLite has no COPY, DO or LOCK: a syntax error refuses them there.
        if not str(refused.value).startswith("SQL error: near"):
            assert message in str(refused.value), statement
        assert "\n" not in str(refused.value)
    for statement in REFUSED_BY_BACKEND[backend]:
        with pytest.raises(RulesdbError) as refused:
            run_readonly(reader_url, statement)
        assert "\n" not in str(refused.value)
    # Without the early check, the database alone: it refuses or the effect dies with the
    # connection (an advisory lock, a setting); either way nothing below changes.
    for statement in [*(write for write, _ in WRITES), *REFUSED_BY_BACKEND[backend]]:
        try:
            run_readonly(reader_url, statement, courtesy=False)
        except RulesdbError as exc:
            assert "\n" not in str(exc)
    assert write_witness(head_engine) == before
    assert sorted(path.name for path in workdir.iterdir()) == []
    assert not Path("/tmp/rulesdb-copy-test").exists()
    if backend == "postgresql":
        with head_engine.connect() as connection:
            assert connection.execute(text("SELECT nextval('release_seq')")).scalar() == 1
            locks = connection.execute(
                text(
                    "SELECT count(*) FROM pg_locks WHERE locktype = 'advisory' AND database = "
                    "(SELECT oid FROM pg_database WHERE datname = current_database())"
                )
            ).scalar()
        assert locks == 0


def test_cli_refuses_with_one_line_exit_2(reader_url: URL, head_engine: Engine) -> None:
    before = write_witness(head_engine)
    for statement in ("DELETE FROM release", "DROP TABLE release; SELECT 1"):
        result = subprocess.run(
            [sys.executable, "-m", "rulesdb", "--db", url_text(reader_url), "sql", statement],
            capture_output=True,
            text=True,
            timeout=60,
        )
        assert result.returncode == 2 and result.stdout == ""
        [line] = result.stderr.splitlines()
        assert line.startswith("rulesdb: error: rulesdb sql")
    assert write_witness(head_engine) == before


def test_queries_answer_alike_on_both_backends(reader_url: URL) -> None:
    head_url = reader_url
    columns, rows = run_readonly(
        head_url,
        "SELECT release_date, COUNT(*) AS subtypes, MIN(name) AS first, AVG(LENGTH(name)) AS avg "
        "FROM v_subtype WHERE category = 'land' AND release_date BETWEEN '2016-07-22' AND "
        "'2017-01-01' "
        "GROUP BY release_date ORDER BY release_date;",
    )
    assert columns == ["release_date", "subtypes", "first", "avg"]
    assert rows[0][:3] == ("2016-07-22", 13, "Desert")  # ISO dates and ints on both backends
    assert isinstance(rows[0][3], float)
    assert [row[0] for row in rows] == ["2016-07-22", "2016-08-26", "2016-09-30", "2016-11-11"]
    # Percent signs, semicolons and question marks inside strings are data, not syntax.
    assert run_readonly(head_url, "SELECT '100%; done?' AS x")[1] == [("100%; done?",)]
    assert run_readonly(head_url, "SELECT 1 AS one -- trailing comment")[1] == [(1,)]


def test_errors_are_one_line(backend: str, reader_url: URL, tmp_path: Path) -> None:
    head_url = reader_url
    with pytest.raises(RulesdbError, match="SQL error"):
        run_readonly(head_url, "SELECT nope FROM release")
    with pytest.raises(RulesdbError, match="no SQL statement"):
        run_readonly(head_url, "  -- nothing\n ;")
    if backend == "sqlite":
        missing = tmp_path / "missing.sqlite3"
        with pytest.raises(RulesdbError, match="no database at"):
            run_readonly(URL.create("sqlite", database=str(missing)), "SELECT 1")
        assert not missing.exists()  # read-only mode never creates the file


def test_long_queries_are_stopped(backend: str, reader_url: URL) -> None:
    head_url = reader_url
    endless = (
        "SELECT pg_sleep(5)"
        if backend == "postgresql"
        else "WITH RECURSIVE n(i) AS (SELECT 1 UNION ALL SELECT i + 1 FROM n) "
        "SELECT count(*) FROM n"
    )
    with pytest.raises(RulesdbError, match=r"ran longer than 0\.3 s"):
        run_readonly(head_url, endless, timeout=0.3)


@pytest.mark.parametrize(
    ("sql", "backend", "tokens"),
    [
        ("SELECT 'a;b' -- c;\n, \"Col\"", "sqlite", ["select", ",", "col"]),
        ("SELECT $tag$ ; pg_advisory_lock(1) $tag$", "postgresql", ["select"]),
        ("SELECT E'\\' ; DROP' x", "postgresql", ["select", "x"]),
        ("SELECT 'it''s' [a b] `c`", "sqlite", ["select", "a b", "c"]),
        ("/* /* */ ; */ SELECT 1", "postgresql", ["select", "1"]),
        ("/* /* */ SELECT 1", "sqlite", ["select", "1"]),
    ],
)
def test_tokens_skip_strings_and_comments(sql: str, backend: str, tokens: list[str]) -> None:
    assert tokens_of(sql, backend) == tokens


@pytest.mark.parametrize(
    ("sql", "backend"),
    [
        # PostgreSQL nests comments: the function call is code, not inside a comment.
        ("/* /* */ ' */ SELECT pg_advisory_lock(1) --'", "postgresql"),
        # SQLite does not: after the first */ comes a second statement.
        ("SELECT 1 /* /* */ ; DELETE FROM release /* */", "sqlite"),
        ('SELECT "PG_ADVISORY_LOCK" (1)', "postgresql"),
        ("SELECT lo_export(1, '/tmp/x')", "postgresql"),
        ("attach 'x' as y", "sqlite"),
    ],
)
def test_guard_sees_through_comment_and_quoting_tricks(sql: str, backend: str) -> None:
    with pytest.raises(RulesdbError):
        check(sql, backend)


def test_guard_lets_queries_through() -> None:
    for backend in ("sqlite", "postgresql"):
        check("SELECT name AS copy, 'ATTACH' AS note FROM v_subtype WHERE name <> 'lo_x';", backend)
        check("WITH x AS (SELECT 1) SELECT * FROM x", backend)
    check("EXPLAIN SELECT 1", "sqlite")  # PostgreSQL runs only queries (EXPLAIN is not one)
