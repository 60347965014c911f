"""Shared fixtures: every database test runs on SQLite and on a real PostgreSQL server.

PostgreSQL comes from $RULESDB_TEST_PG (a URL of a database the tests may connect to in order
to create and drop their own), default postgresql://postgres@127.0.0.1:5432/test. Without a
server the PostgreSQL tests skip, except in CI (CI=true or RULESDB_REQUIRE_PG=1), where they fail.
"""

from __future__ import annotations

import os
import shutil
import uuid
from collections.abc import Iterator
from pathlib import Path

import pytest
from sqlalchemy import Engine, create_engine, text
from sqlalchemy.engine import URL, make_url

from rulesdb.store import migrate
from rulesdb.store.engine import make_engine

ROOT = Path(__file__).resolve().parents[1]
CR_DIR = Path(os.environ.get("RULESDB_CR_DIR", ROOT.parent / "shared" / "cr"))
PG_URL = os.environ.get("RULESDB_TEST_PG", "postgresql+psycopg://postgres@127.0.0.1:5432/test")
PG_REQUIRED = os.environ.get("CI", "").lower() == "true" or os.environ.get("RULESDB_REQUIRE_PG")
BACKENDS = ["sqlite", "postgresql"]


def cr_files() -> list[Path]:
    return sorted(CR_DIR.glob("MagicCompRules-*.txt")) if CR_DIR.is_dir() else []


def cr_file(day: str) -> Path:
    """The official file effective on day (YYYYMMDD); skips when ../shared/cr is absent."""
    path = CR_DIR / f"MagicCompRules-{day}.txt"
    if not path.is_file():
        pytest.skip(f"official CR files not found at {CR_DIR} (a clone without ../shared/cr)")
    return path


@pytest.fixture(scope="session")
def cr_dir() -> Path:
    if not cr_files():
        pytest.skip(f"official CR files not found at {CR_DIR} (a clone without ../shared/cr)")
    return CR_DIR


class PostgresServer:
    """Creates and drops throwaway databases on the test server."""

    def __init__(self, url: str) -> None:
        self.url = make_url(url).set(drivername="postgresql+psycopg")
        self.admin = create_engine(self.url, isolation_level="AUTOCOMMIT")

    def available(self) -> str | None:
        try:
            with self.admin.connect() as connection:
                connection.execute(text("SELECT 1"))
        except Exception as exc:  # any failure to connect means "no server"
            return str(exc).splitlines()[0]
        return None

    def create(self, template: str | None = None) -> URL:
        name = f"rulesdb_test_{uuid.uuid4().hex[:12]}"
        clause = f" TEMPLATE {template}" if template else ""
        with self.admin.connect() as connection:
            connection.execute(text(f"CREATE DATABASE {name}{clause}"))
        return self.url.set(database=name)

    def drop(self, url: URL) -> None:
        with self.admin.connect() as connection:
            connection.execute(text(f"DROP DATABASE IF EXISTS {url.database} WITH (FORCE)"))


@pytest.fixture(scope="session")
def pg_server() -> Iterator[PostgresServer]:
    server = PostgresServer(PG_URL)
    problem = server.available()
    if problem:
        if PG_REQUIRED:
            pytest.fail(f"PostgreSQL is required here but unreachable at {PG_URL}: {problem}")
        pytest.skip(f"no PostgreSQL at {PG_URL}: {problem}")
    yield server
    server.admin.dispose()


@pytest.fixture(params=BACKENDS)
def backend(request: pytest.FixtureRequest) -> str:
    if request.param == "postgresql":
        request.getfixturevalue("pg_server")
    return request.param


def new_database(backend: str, tmp_path: Path, request: pytest.FixtureRequest) -> URL:
    """A fresh empty database on the backend, dropped (PostgreSQL) when the test ends."""
    if backend == "sqlite":
        return URL.create("sqlite", database=str(tmp_path / f"{uuid.uuid4().hex[:8]}.sqlite3"))
    server: PostgresServer = request.getfixturevalue("pg_server")
    url = server.create()
    request.addfinalizer(lambda: server.drop(url))
    return url


@pytest.fixture
def empty_url(backend: str, tmp_path: Path, request: pytest.FixtureRequest) -> URL:
    """An empty database URL on the backend under test."""
    return new_database(backend, tmp_path, request)


@pytest.fixture(scope="session")
def _head_sqlite(tmp_path_factory: pytest.TempPathFactory) -> Path:
    path = tmp_path_factory.mktemp("head") / "head.sqlite3"
    engine = make_engine(URL.create("sqlite", database=str(path)))
    migrate.upgrade(engine)
    engine.dispose()
    return path


@pytest.fixture(scope="session")
def _head_pg(pg_server: PostgresServer) -> Iterator[URL]:
    url = pg_server.create()
    engine = make_engine(url)
    migrate.upgrade(engine)
    engine.dispose()
    yield url
    pg_server.drop(url)


@pytest.fixture
def head_url(backend: str, tmp_path: Path, request: pytest.FixtureRequest) -> URL:
    """A private copy of a database upgraded to head (every release), on the backend."""
    if backend == "sqlite":
        source: Path = request.getfixturevalue("_head_sqlite")
        copy = tmp_path / "head.sqlite3"
        shutil.copyfile(source, copy)
        return URL.create("sqlite", database=str(copy))
    server: PostgresServer = request.getfixturevalue("pg_server")
    template: URL = request.getfixturevalue("_head_pg")
    url = server.create(template=template.database)
    request.addfinalizer(lambda: server.drop(url))
    return url


@pytest.fixture
def head_engine(head_url: URL) -> Iterator:
    engine = make_engine(head_url)
    yield engine
    engine.dispose()


def url_text(url: URL) -> str:
    return url.render_as_string(hide_password=False)


@pytest.fixture
def reader_url(backend: str, head_url: URL, request: pytest.FixtureRequest) -> Iterator[URL]:
    """Who ``rulesdb sql`` runs as: the SQLite file itself, or on PostgreSQL a fresh LOGIN role
    given ``grant-read`` on a head copy (sql refuses superusers and owners)."""
    if backend == "sqlite":
        yield head_url
        return
    from rulesdb.store.grants import grant_read

    server: PostgresServer = request.getfixturevalue("pg_server")
    name = f"rulesdb_reader_{uuid.uuid4().hex[:10]}"
    with server.admin.connect() as connection:
        connection.execute(text(f"CREATE ROLE {name} LOGIN"))
    owner = make_engine(head_url)
    try:
        grant_read(owner, name)
        yield head_url.set(username=name, password=None)
    finally:
        drop_role(owner, server, name)


def drop_role(database: Engine, server: PostgresServer, name: str) -> None:
    """Drop a test role: first its grants in the database, then the role itself."""
    try:
        with database.connect() as connection:
            connection.execute(text(f"DROP OWNED BY {name}"))
            connection.commit()
    finally:
        database.dispose()
    with server.admin.connect() as connection:
        connection.execute(text(f"DROP ROLE IF EXISTS {name}"))
