"""Databases for tests: the PostgreSQL server, throwaway databases on either backend, copies of
the session's head, read-only roles."""

from __future__ import annotations

import shutil
import uuid
from collections.abc import Iterator
from concurrent.futures import Future, ThreadPoolExecutor
from contextlib import contextmanager
from pathlib import Path

import pytest
from sqlalchemy import Engine, create_engine, text
from sqlalchemy.engine import URL, make_url

from rulesdb.store.engine import make_engine
from tests import settings
from tests.settings import required
from tests.support.pgurl import NOT_SET, created_name
from tests.support.pgurl import PG_URL as PG_URL

PG_REQUIRED = required(settings.REQUIRE_PG)


BACKENDS = ["sqlite", "postgresql"]


def url_text(url: URL) -> str:
    return url.render_as_string(hide_password=False)


class PostgresServer:
    """Creates and drops throwaway databases on the test server."""

    def __init__(self, url: str) -> None:
        # No URL (RULESDB_TEST_PG unset): a server that is never available, never connected to.
        self.named = bool(url)
        self.url = make_url(url or "postgresql://").set(drivername="postgresql+psycopg")
        self.admin = create_engine(self.url, isolation_level="AUTOCOMMIT")
        self._dropper: ThreadPoolExecutor | None = None
        self._drops: list[Future[None]] = []

    def available(self) -> str | None:
        if not self.named:
            return NOT_SET
        try:
            with self.admin.connect() as connection:
                connection.execute(text("SELECT 1"))
        except Exception as exc:  # any failure to connect means "no server"
            return str(exc).splitlines()[0]
        return None

    def create(self, template: str | None = None, name: str | None = None) -> URL:
        name = name or created_name()
        clause = f" TEMPLATE {template}" if template else ""
        with self.admin.connect() as connection:
            connection.execute(text(f"CREATE DATABASE {name}{clause}"))
            # A commit need not wait for the disk here (what a crash of the server would
            # lose is a throwaway database): the round trip alone commits 400 times.
            connection.execute(text(f"ALTER DATABASE {name} SET synchronous_commit = off"))
        return self.url.set(database=name)

    def drop(self, url: URL) -> None:
        with self.admin.connect() as connection:
            connection.execute(text(f"DROP DATABASE IF EXISTS {url.database} WITH (FORCE)"))

    def drop_later(self, url: URL) -> None:
        """Drop the database in the background, one drop after another: a drop waits for a
        checkpoint, which the next test need not wait for. :meth:`finish` waits for them."""
        if self._dropper is None:
            self._dropper = ThreadPoolExecutor(max_workers=1, thread_name_prefix="pg-drop")
        self._drops.append(self._dropper.submit(self.drop, url))

    def finish(self) -> None:
        """Wait for the background drops; raises the first that failed."""
        if self._dropper is not None:
            self._dropper.shutdown(wait=True)
            self._dropper = None
        drops, self._drops = self._drops, []
        for drop in drops:
            drop.result()
        self.admin.dispose()


def new_database(backend: str, tmp_path: Path, request: pytest.FixtureRequest) -> URL:
    """A fresh empty database on the backend, dropped (PostgreSQL) when the test ends."""
    if backend == "sqlite":
        return URL.create("sqlite", database=str(tmp_path / f"{uuid.uuid4().hex[:8]}.sqlite3"))
    server: PostgresServer = request.getfixturevalue("pg_server")
    url = server.create()
    request.addfinalizer(lambda: server.drop_later(url))
    return url


def head_copy(backend: str, tmp_path: Path, request: pytest.FixtureRequest) -> URL:
    """A private copy of the session's database at head, for a test that writes to it."""
    if backend == "sqlite":
        copy = tmp_path / "head.sqlite3"
        if copy.exists():  # a test's second copy
            copy = tmp_path / f"head-{uuid.uuid4().hex[:8]}.sqlite3"
        shutil.copyfile(request.getfixturevalue("_head_sqlite"), copy)
        return URL.create("sqlite", database=str(copy))
    server: PostgresServer = request.getfixturevalue("pg_server")
    url = server.create(template=request.getfixturevalue("_head_pg").database)
    request.addfinalizer(lambda: server.drop_later(url))
    return url


def backends_available(request: pytest.FixtureRequest) -> list[str]:
    """SQLite, and PostgreSQL unless its tests may skip here (no server, none required: the
    ``pg_server`` fixture fails instead where one is required)."""
    try:
        request.getfixturevalue("pg_server")
    except pytest.skip.Exception:
        return ["sqlite"]
    return ["sqlite", "postgresql"]


@contextmanager
def read_only_role(url: URL) -> Iterator[URL]:
    """``url`` as a fresh PostgreSQL LOGIN role given ``grant-read`` on its database (who
    ``rulesdb sql`` runs as: it refuses superusers and owners), for the ``with`` block; then
    the role's grants and the role are dropped. Grants change privileges, never rows, so a
    database compared before and after is unchanged. (The ``reader_url`` fixture does the
    same for a head copy.)"""
    from rulesdb.store.grants import grant_read

    name = created_name("reader_", 10)
    owner = make_engine(url)  # a superuser's URL: it creates roles too
    try:
        with owner.begin() as connection:
            connection.execute(text(f"CREATE ROLE {name} LOGIN"))
        try:
            grant_read(owner, name)
            yield url.set(username=name, password=None)
        finally:
            with owner.begin() as connection:
                connection.execute(text(f"DROP OWNED BY {name}"))  # its grants here
                connection.execute(text(f"DROP ROLE {name}"))
    finally:
        owner.dispose()


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
