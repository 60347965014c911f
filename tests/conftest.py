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
from sqlalchemy import Engine, text
from sqlalchemy.engine import URL

from rulesdb.store import migrate
from rulesdb.store.engine import make_engine

# Older test modules import these from here; new ones import them from tests.support.
from tests.support import (  # noqa: F401
    BACKENDS,
    CR_DIR,
    PG_REQUIRED,
    PG_URL,
    ROOT,
    PostgresServer,
    cr_file,
    cr_files,
    head_copy,
    new_database,
    url_text,
)


def pytest_collection_modifyitems(items: list[pytest.Item]) -> None:
    """The slow tests first: with two workers, a long test handed out last would run alone
    at the end."""
    items.sort(key=lambda item: item.get_closest_marker("slow") is None)


@pytest.fixture(scope="session")
def cr_dir() -> Path:
    if not cr_files():
        pytest.skip(f"official CR files not found at {CR_DIR} (a clone without ../shared/cr)")
    return CR_DIR


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
    """A private copy of a database upgraded to head (every release), for a test that writes.

    A test that only reads takes ``shared_head_url`` instead: no copy.
    """
    return head_copy(backend, tmp_path, request)


@pytest.fixture
def head_engine(head_url: URL) -> Iterator[Engine]:
    engine = make_engine(head_url)
    yield engine
    engine.dispose()


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
@pytest.fixture(scope="session")
def _shared_head_sqlite(_head_sqlite: Path, tmp_path_factory: pytest.TempPathFactory) -> Path:
    path = tmp_path_factory.mktemp("shared") / "head.sqlite3"
    shutil.copyfile(_head_sqlite, path)
    return path


@pytest.fixture(scope="session")
def _shared_head_pg(pg_server: PostgresServer, _head_pg: URL) -> Iterator[URL]:
    url = pg_server.create(template=_head_pg.database)
    with pg_server.admin.connect() as connection:
        # The server refuses every write to it, whoever connects: the guarantee is the
        # database's, not the tests' good manners.
        connection.execute(text(f"ALTER DATABASE {url.database} "
                                "SET default_transaction_read_only = on"))
    yield url
    pg_server.drop(url)


@pytest.fixture
def shared_head_url(backend: str, request: pytest.FixtureRequest) -> Iterator[URL]:
    """One database at head per backend for the whole session, for tests that only read.

    PostgreSQL refuses writes to it; SQLite has no read-only database a URL can share, so
    the test that changes the file fails here, by name.
    """
    if backend == "postgresql":
        yield request.getfixturevalue("_shared_head_pg")
        return
    path: Path = request.getfixturevalue("_shared_head_sqlite")
    before = _file_state(path)
    yield URL.create("sqlite", database=str(path))
    assert _file_state(path) == before, "a test given shared_head_url wrote to it; use head_url"


@pytest.fixture
def shared_head_engine(shared_head_url: URL) -> Iterator[Engine]:
    engine = make_engine(shared_head_url)
    yield engine
    engine.dispose()


def _file_state(path: Path) -> tuple[int, int]:
    stat = os.stat(path)
    return stat.st_mtime_ns, stat.st_size
