"""``rulesdb grant-read ROLE``: a PostgreSQL role that can read everything and change nothing."""

from __future__ import annotations

import subprocess
import sys
import uuid
from collections.abc import Iterator
from pathlib import Path

import pytest
from sqlalchemy import create_engine, text
from sqlalchemy.engine import URL
from sqlalchemy.exc import ProgrammingError

from rulesdb.store.engine import make_engine
from tests.support.databases import PostgresServer, url_text
from tests.support.pgurl import created_name


def rulesdb(url: URL, *args: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [sys.executable, "-m", "rulesdb", "--db", url_text(url), *args],
        capture_output=True,
        text=True,
        timeout=120,
    )


@pytest.fixture
def role(head_url: URL, pg_server: PostgresServer) -> Iterator[str]:
    """A fresh LOGIN role with no privileges of its own; gone (with its grants) afterwards."""
    name = created_name("reader_", 10)
    with pg_server.admin.connect() as connection:
        connection.execute(text(f"CREATE ROLE {name} LOGIN"))
    yield name
    database = create_engine(head_url, isolation_level="AUTOCOMMIT")
    try:
        with database.connect() as connection:
            connection.execute(text(f"REASSIGN OWNED BY {name} TO CURRENT_USER"))
            connection.execute(text(f"DROP OWNED BY {name}"))
    finally:
        database.dispose()
    with pg_server.admin.connect() as connection:
        connection.execute(text(f"DROP ROLE {name}"))


def refused(url: URL, statement: str) -> bool:
    engine = create_engine(url)
    try:
        with engine.begin() as connection:
            connection.execute(text(statement))
    except ProgrammingError as exc:
        return "permission denied" in str(exc) or "must be owner" in str(exc)
    finally:
        engine.dispose()
    return False


@pytest.mark.parametrize("backend", ["postgresql"], indirect=True)
def test_grant_read_gives_read_only_access(head_url: URL, role: str) -> None:
    as_role = head_url.set(username=role, password=None)
    granted = rulesdb(head_url, "grant-read", role)
    assert granted.returncode == 0, granted.stderr
    assert role in granted.stdout
    assert rulesdb(head_url, "grant-read", role).returncode == 0  # idempotent

    reader = make_engine(as_role)
    try:
        with reader.connect() as connection:
            assert connection.execute(text("SELECT count(*) FROM release")).scalar() == 136
            assert connection.execute(text("SELECT count(*) FROM v_subtype")).scalar() > 0
            assert (
                connection.execute(text("SELECT version_num FROM alembic_version")).scalar()
                is not None
            )
    finally:
        reader.dispose()
    for statement in (
        "INSERT INTO card_type (name) VALUES ('scheme-x')",
        "UPDATE release SET source_file = 'x'",
        "DELETE FROM rule_text",
        "TRUNCATE subtype_rename",
        "CREATE TABLE mine (id integer)",
        "CREATE VIEW mine AS SELECT 1 AS one",
        "DROP TABLE subtype_rename",
        "DROP VIEW v_subtype",
        "ALTER TABLE release ADD COLUMN extra integer",
    ):
        assert refused(as_role, statement), statement

    # A table or view a later revision creates (as the owner) is readable without re-running.
    owner = create_engine(head_url)
    try:
        with owner.begin() as connection:
            connection.execute(text("CREATE TABLE later_table (id integer)"))
            connection.execute(text("CREATE VIEW v_later AS SELECT count(*) AS n FROM release"))
    finally:
        owner.dispose()
    reader = make_engine(as_role)
    try:
        with reader.connect() as connection:
            assert connection.execute(text("SELECT n FROM v_later")).scalar() == 136
            assert connection.execute(text("SELECT count(*) FROM later_table")).scalar() == 0
    finally:
        reader.dispose()
    assert refused(as_role, "INSERT INTO later_table VALUES (1)")

    # The command line works for the role: listings and read-only SQL.
    listed = rulesdb(as_role, "card-types", "--format", "json")
    assert listed.returncode == 0, listed.stderr
    assert '"kindred"' in listed.stdout
    queried = rulesdb(as_role, "sql", "SELECT count(*) AS n FROM release", "--format", "json")
    assert queried.returncode == 0, queried.stderr
    assert '"n": 136' in queried.stdout


@pytest.mark.parametrize("backend", ["postgresql"], indirect=True)
def test_grant_read_needs_an_existing_role(head_url: URL) -> None:
    result = rulesdb(head_url, "grant-read", f"no_such_role_{uuid.uuid4().hex[:8]}")
    assert result.returncode == 2
    assert result.stderr.startswith("rulesdb: error: role ")
    assert "does not exist" in result.stderr
    assert len(result.stderr.splitlines()) == 1


def test_grant_read_on_sqlite_points_to_file_permissions(tmp_path: Path) -> None:
    url = URL.create("sqlite", database=str(tmp_path / "rules.sqlite3"))
    result = rulesdb(url, "grant-read", "reader")
    assert result.returncode == 2
    assert "file permissions" in result.stderr
    assert len(result.stderr.splitlines()) == 1
    assert not (tmp_path / "rules.sqlite3").exists()  # nothing created either
