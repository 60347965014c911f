"""The session's databases at head, built once per run however many workers run the tests.

The first worker that needs a backend's database builds it, under a file lock in a folder every
worker of the run shares; the others wait for it, then use it. A worker that finds a backend
being built builds the run's other backend meanwhile (the run will need it too), so the two
builds share the machine's cores instead of following one another.

- SQLite: one file, copied for each private use.
- PostgreSQL: a template database, cloned for each private use (``CREATE DATABASE ...
  TEMPLATE``: a server-side copy), which no one may connect to (a connection would make the
  other worker's clones fail); and one read-only clone shared by the tests that only read.

The process that started the run (xdist's controller, or the only process) drops the run's
PostgreSQL databases once every worker is done: their names carry the run's id.
"""

from __future__ import annotations

import fcntl
import json
import os
import subprocess
import sys
import uuid
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from pathlib import Path

from sqlalchemy import Engine, text
from sqlalchemy.engine import URL

from rulesdb.store import migrate
from rulesdb.store.engine import make_engine
from rulesdb.util.files import write_atomically
from tests.support.chains import data_root_at
from tests.support.databases import PostgresServer
from tests.support.headcache import HeadCache
from tests.support.pgurl import PG_URL, PREFIX
from tests.support.smalldb import small_chain

# The small databases first (seconds), then SQLite's, whose tests run first (tests/conftest.py).
BUILD_ORDER = ("small_sqlite", "small_postgresql", "sqlite", "postgresql")
RUN_KEY = "rulesdb_run"  # xdist's workerinput key: the run's id, from the controller


def new_run_id() -> str:
    return uuid.uuid4().hex[:8]


def run_prefix(run_id: str) -> str:
    """The prefix of the run's shared PostgreSQL databases ($RULESDB_TEST_PREFIX, as every
    test database is named: one a killed run leaves behind is recognisable)."""
    return f"{PREFIX}{run_id}_"


class SessionDatabases:
    """One run's head databases, for one process (a worker, or the only process)."""

    def __init__(
        self,
        folder: Path,
        run_id: str,
        backends: set[str],
        cache_folder: Path | None = None,
        small_only: bool = False,
    ) -> None:
        self.folder = folder
        self.small_only = small_only  # the fast loop: the databases at head are refused
        self.run_id = run_id
        self.backends = backends  # the backends the run's tests use
        self.cache_folder = cache_folder  # heads kept between runs (tests/support/headcache.py)
        folder.mkdir(parents=True, exist_ok=True)

    def sqlite(self) -> Path:
        return Path(self._get("sqlite"))

    def postgresql(self, server: PostgresServer) -> tuple[URL, URL]:
        """(the template, the shared read-only clone) on ``server``."""
        template, shared = self._get("postgresql")
        return server.url.set(database=template), server.url.set(database=shared)

    def small_sqlite(self) -> Path:
        """The small chain's SQLite database (tests/support/smalldb.py)."""
        return Path(self._get("small_sqlite"))

    def small_postgresql(self, server: PostgresServer) -> tuple[URL, URL]:
        """The small chain's (template, shared read-only clone) on ``server``."""
        template, shared = self._get("small_postgresql")
        return server.url.set(database=template), server.url.set(database=shared)

    def build_ahead(self) -> subprocess.Popen[bytes] | None:
        """Start building the run's databases at once, in a process of their own: the tests
        that need none (and, in the fast loop, the SQLite ones: tests/conftest.py orders them
        first) run meanwhile, where a worker used to wait for a build at its first test.
        A process, not a thread: Alembic's ``op`` and ``context`` are one per process, so a
        test migrating meanwhile would share them. Each backend is built by whichever process
        takes its lock first; a test that needs one waits for it as before. Wait for the
        process before this one ends (it writes the run's databases)."""
        wanted = [
            backend
            for backend in BUILD_ORDER
            if backend in self.backends and not self._result_path(backend).exists()
        ]
        if not wanted:
            return None
        cache = [] if self.cache_folder is None else ["--cache", str(self.cache_folder)]
        with open(self.folder / f"build-ahead-{os.getpid()}.log", "wb") as log:
            return subprocess.Popen(  # a failure is also written where the tests read it
                [
                    sys.executable,
                    "-m",
                    "tests.support.sessiondb",
                    str(self.folder),
                    self.run_id,
                    *cache,
                    *wanted,
                ],
                cwd=Path(__file__).resolve().parents[2],
                stdin=subprocess.DEVNULL,
                stdout=log,
                stderr=subprocess.STDOUT,
            )

    def build_each_unless_taken(self, backends: list[str]) -> None:
        """Build each backend's database no one has built or is building (the lock is free)."""
        for backend in backends:
            if self._result_path(backend).exists() or not self._can_build(backend):
                continue
            with _locked(self.folder / f"{backend}.lock", wait=False) as mine:
                if mine:  # a failure is written for the tests that wait; none raised here
                    self._built_or_build(backend, propagate=False)

    # --- building once ------------------------------------------------------------------------

    def _get(self, backend: str):  # type: ignore[no-untyped-def]
        if self.small_only and not backend.startswith("small_"):
            raise RuntimeError(
                "a test in the fast loop (-m fast) asked for the database at head: give it "
                "small_url, or mark it full (tests/conftest.py)"
            )
        if not self._result_path(backend).exists():
            with _locked(self.folder / f"{backend}.lock", wait=False) as mine:
                if mine:
                    return self._built_or_build(backend)
            # Another process builds it: build the run's other database meanwhile.
            self.build_each_unless_taken(sorted(self.backends - {backend}))
        with _locked(self.folder / f"{backend}.lock", wait=True):
            return self._built_or_build(backend)

    def _built_or_build(self, backend: str, propagate: bool = True):  # type: ignore[no-untyped-def]
        """The built database (the caller holds the lock), building it if no one has."""
        path = self._result_path(backend)
        if not path.exists():
            builder: Callable[[], object] = getattr(self, f"_build_{backend}")
            try:
                result: dict[str, object] = {"built": builder()}
            except Exception as exc:  # every waiting worker fails with the builder's reason
                result = {"failed": f"{type(exc).__name__}: {exc}"}
                _write(path, result)
                if propagate:
                    raise
                return None
            _write(path, result)
        result = json.loads(path.read_text())
        if "failed" in result:
            raise RuntimeError(
                f"building the session's {backend} database at head failed in "
                f"another worker: {result['failed']}"
            )
        return result["built"]

    def _result_path(self, backend: str) -> Path:
        return self.folder / f"{backend}.json"

    def _can_build(self, backend: str) -> bool:
        if backend.endswith("sqlite"):
            return True
        server = PostgresServer(PG_URL)
        try:
            return server.available() is None
        finally:
            server.admin.dispose()

    def _cache(self) -> HeadCache | None:
        return HeadCache(self.cache_folder) if self.cache_folder is not None else None

    def _build_sqlite(self) -> str:
        path = self.folder / "head.sqlite3"
        cache = self._cache()
        if cache is not None and cache.fetch_sqlite(path):
            return str(path)
        partial = path.with_suffix(".partial")
        partial.unlink(missing_ok=True)
        engine = make_engine(URL.create("sqlite", database=str(partial)))
        try:
            migrate.upgrade(engine)
        finally:
            engine.dispose()
        os.replace(partial, path)
        if cache is not None:
            cache.keep_sqlite(path)
        return str(path)

    def _build_small_sqlite(self) -> str:
        path = self.folder / "small.sqlite3"
        partial = path.with_suffix(".partial")
        partial.unlink(missing_ok=True)
        engine = make_engine(URL.create("sqlite", database=str(partial)))
        try:
            self._upgrade_small(engine, "sqlite")
        finally:
            engine.dispose()
        os.replace(partial, path)
        return str(path)

    def _upgrade_small(self, engine: Engine, backend: str) -> None:
        """Upgrade ``engine`` along the small chain, made in the run's folder (one a backend:
        two processes may build the two backends' at once)."""
        with data_root_at(small_chain(self.folder / f"small-chain-{backend}")):
            migrate.upgrade(engine)

    def _build_small_postgresql(self) -> list[str]:
        return self._build_postgresql(small=True)

    def _build_postgresql(self, small: bool = False) -> list[str]:
        server = PostgresServer(PG_URL)
        prefix = run_prefix(self.run_id) + ("small_" if small else "")
        try:
            template = server.create(name=prefix + "head")
            engine = make_engine(template)
            try:
                if small:
                    self._upgrade_small(engine, "postgresql")
                else:
                    migrate.upgrade(engine)
            finally:
                engine.dispose()
            shared = server.create(template=template.database, name=prefix + "shared")
            with server.admin.connect() as connection:
                # Nobody connects to the template: a connection would fail the clones.
                connection.execute(
                    text(f"ALTER DATABASE {template.database} ALLOW_CONNECTIONS false")
                )
                # The server refuses every write to the shared one, whoever connects: the
                # guarantee is the database's, not the tests' good manners.
                connection.execute(
                    text(f"ALTER DATABASE {shared.database} SET default_transaction_read_only = on")
                )
            return [str(template.database), str(shared.database)]
        finally:
            server.admin.dispose()


def drop_run_databases(run_id: str) -> None:
    """Drop the run's shared PostgreSQL databases (none when the run used no PostgreSQL)."""
    server = PostgresServer(PG_URL)
    try:
        if server.available() is not None:
            return
        with server.admin.connect() as connection:
            names = (
                connection.execute(
                    text("SELECT datname FROM pg_database WHERE starts_with(datname, :prefix)"),
                    {"prefix": run_prefix(run_id)},
                )
                .scalars()
                .all()
            )
        for name in names:
            server.drop(server.url.set(database=name))
    finally:
        server.admin.dispose()


@contextmanager
def _locked(path: Path, *, wait: bool) -> Iterator[bool]:
    """An exclusive lock on ``path`` across processes: True when held (False only when not
    waiting and another process holds it). The kernel drops it if the holder dies."""
    with open(path, "a") as handle:
        try:
            fcntl.flock(handle, fcntl.LOCK_EX | (0 if wait else fcntl.LOCK_NB))
        except BlockingIOError:
            yield False
            return
        try:
            yield True
        finally:
            fcntl.flock(handle, fcntl.LOCK_UN)


def _write(path: Path, result: dict[str, object]) -> None:
    write_atomically(path, json.dumps(result))


def main(argv: list[str]) -> None:
    """``python -m tests.support.sessiondb FOLDER RUN_ID [--cache FOLDER] BACKEND...``:
    build_ahead's process."""
    folder, run_id, *rest = argv
    cache = None
    if rest[:1] == ["--cache"]:
        cache, rest = Path(rest[1]), rest[2:]
    SessionDatabases(Path(folder), run_id, set(rest), cache).build_each_unless_taken(rest)


if __name__ == "__main__":
    main(sys.argv[1:])
