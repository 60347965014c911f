"""Shared fixtures: every database test runs on SQLite and on a real PostgreSQL server.

PostgreSQL comes from $RULESDB_TEST_PG (a URL of a database the tests may connect to in order
to create and drop their own); unset, the suite touches no server. Without one the PostgreSQL
tests skip, except in CI (CI=true or RULESDB_REQUIRE_PG=1), where they fail.
"""

from __future__ import annotations

import importlib
import os
import shutil
import sys
from collections.abc import Iterator
from pathlib import Path

import pytest
from sqlalchemy import Engine
from sqlalchemy.engine import URL

from rulesdb.store.engine import make_engine
from tests.settings import ROOT
from tests.support.data import CR_DIR, cr_files
from tests.support.databases import (
    BACKENDS,
    PG_REQUIRED,
    PostgresServer,
    backends_available,
    head_copy,
    new_database,
    read_only_role,
)
from tests.support.pgurl import PG_URL
from tests.support.runs import CALL_REPORT
from tests.support.sessiondb import RUN_KEY, SessionDatabases, drop_run_databases, new_run_id

_RUN = pytest.StashKey[str]()
_BACKENDS = pytest.StashKey[set[str]]()


def pytest_configure(config: pytest.Config) -> None:
    workerinput = getattr(config, "workerinput", None)
    config.stash[_RUN] = workerinput[RUN_KEY] if workerinput else new_run_id()
    config.stash[_BACKENDS] = set(BACKENDS)


@pytest.hookimpl(optionalhook=True)
def pytest_configure_node(node) -> None:  # type: ignore[no-untyped-def]  # pytest-xdist's
    node.workerinput[RUN_KEY] = node.config.stash[_RUN]


@pytest.hookimpl(wrapper=True)
def pytest_runtest_makereport(item: pytest.Item, call: pytest.CallInfo[None]):  # type: ignore[no-untyped-def]
    """Keep the call's report on the item: pytest's own recipe for a fixture to learn, as it
    tears down, whether the test failed."""
    report = yield
    if report.when == "call":
        item.stash[CALL_REPORT] = report
    return report


def pytest_sessionfinish(session: pytest.Session) -> None:
    if not hasattr(session.config, "workerinput"):  # every worker is done
        drop_run_databases(session.config.stash[_RUN])


# The slow tests that take longest, longest first (the round trip is over a minute on
# PostgreSQL): handed out before the other slow tests.
_LONGEST = (
    "test_each_downgrade_undoes_exactly_its_upgrade",
    "test_killed_runs_leave_nothing_then_racing_runs_and_alembic_build_head",
    "test_valid_lines_round_trip_and_ignore_spelling",
)


def _rank(item: pytest.Item) -> tuple[bool, int, int]:
    name = getattr(item, "originalname", item.name)
    return (
        item.get_closest_marker("slow") is None,
        _LONGEST.index(name) if name in _LONGEST else len(_LONGEST),
        _HEAD_ORDER.index(_head_of(item)),
    )


# Within a rank, the tests on no backend first, then SQLite's, then PostgreSQL's: the session's
# databases at head are built in the background meanwhile (SessionDatabases.build_ahead), and
# PostgreSQL's, the longer to build, is needed last.
_HEAD_ORDER = (None, "sqlite", "postgresql")


def _head_of(item: pytest.Item) -> str | None:
    """The backend the test runs on, the slower to build when both (only its order depends
    on this: a test on a backend that needs no database at head merely runs later)."""
    used = {kind.removeprefix("small_") for kind in _backends_of([item])}
    return "postgresql" if "postgresql" in used else "sqlite" if used else None


def pytest_collection_modifyitems(config: pytest.Config, items: list[pytest.Item]) -> None:
    """The slow tests first, the longest of them first of all: with two workers, a long test
    handed out last would run alone at the end. (pytest-xdist hands out its groups before.)
    Then, within a rank, by the database at head the test needs (_HEAD_ORDER)."""
    items.sort(key=_rank)
    # The backends the selected tests use: the session databases to build ahead.
    config.stash[_BACKENDS] = _backends_of(items)
    if getattr(config.option, "loadgroup", False):
        _name_groups(items)


def _name_groups(items: list[pytest.Item]) -> None:
    """What pytest-xdist's --dist loadgroup does in a worker, where it has no effect: the
    xdist_group's name after the test's id ("...::test@build"), by which the controller
    sends a group's tests to one worker. xdist 3.8 sets ``item._nodeid``, which pytest 9.2
    no longer reads (it keeps a structured ``item._id``)."""
    from _pytest.nodeid import NodeId

    for item in items:
        groups = sorted(
            {
                str(mark.args[0] if mark.args else mark.kwargs.get("name", "default"))
                for mark in item.iter_markers("xdist_group")
            }
        )
        if groups and "@" not in item.nodeid:
            item._id = NodeId.parse(f"{item.nodeid}@{'_'.join(groups)}")


# The fixtures that hand a test a database at head, or the small chain's, on its backend.
_HEAD_FIXTURES = {"head_url", "head_engine", "shared_head_url", "shared_head_engine", "reader_url"}
_SMALL_FIXTURES = {"small_url", "small_engine"}


def pytest_itemcollected(item: pytest.Item) -> None:
    """The fast loop (``pytest -m fast``) is every test neither ``slow`` nor ``full`` that
    reads no database but the small chain's (tests/support/smalldb.py): one given no database
    fixture and no backend among its parameters (a module's fixture may take one), or one
    given ``small_url`` or ``small_engine`` and nothing at head."""
    if item.get_closest_marker("slow") or item.get_closest_marker("full"):
        return
    names = set(getattr(item, "fixturenames", ()))
    if names & _SMALL_FIXTURES:
        fast = not names & _OTHER_DATABASES
    else:
        callspec = getattr(item, "callspec", None)
        params = callspec.params.values() if callspec is not None else ()
        on_a_backend = any(isinstance(value, str) and value in BACKENDS for value in params)
        fast = not on_a_backend and not names & (_OTHER_DATABASES | {"backend", "pg_server"})
    if fast:
        item.add_marker(pytest.mark.fast)


# The fixtures that hand a test any database but the small chain's.
_OTHER_DATABASES = {
    *_HEAD_FIXTURES,
    "backends_at_hand",
    "empty_url",
    "_head_sqlite",
    "_head_pg",
    "_shared_head_sqlite",
    "_shared_head_pg",
}


def _backends_of(items: list[pytest.Item]) -> set[str]:
    """The session databases the items use: "sqlite" and "postgresql" at head, and the small
    chain's "small_sqlite" and "small_postgresql" (tests/support/smalldb.py). A test on a
    backend reads the small chain when it asks for it and for nothing at head."""
    used: set[str] = set()
    for item in items:
        names = set(getattr(item, "fixturenames", ()))
        small = bool(names & _SMALL_FIXTURES) and not names & _HEAD_FIXTURES
        kind = "small_{}" if small else "{}"
        callspec = getattr(item, "callspec", None)
        if callspec is not None:
            used |= {
                kind.format(value)
                for value in callspec.params.values()
                if isinstance(value, str) and value in BACKENDS
            }
        used |= {
            backend
            for backend, fixture in (
                ("sqlite", "_head_sqlite"),
                ("sqlite", "_shared_head_sqlite"),
                ("postgresql", "_head_pg"),
                ("postgresql", "_shared_head_pg"),
                ("small_sqlite", "_small_sqlite"),
                ("small_postgresql", "_small_pg"),
                ("sqlite", "backends_at_hand"),
                ("postgresql", "backends_at_hand"),
            )
            if fixture in names
        }
    return used


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
            pytest.fail(
                f"PostgreSQL is required here but unreachable at {PG_URL}: {problem}"
                if PG_URL
                else f"PostgreSQL is required here: {problem}"
            )
        pytest.skip(f"no PostgreSQL at {PG_URL}: {problem}" if PG_URL else problem)
    yield server
    server.finish()


@pytest.fixture(params=BACKENDS)
def backend(request: pytest.FixtureRequest) -> str:
    if request.param == "postgresql":
        request.getfixturevalue("pg_server")
    return request.param


@pytest.fixture
def backends_at_hand(request: pytest.FixtureRequest) -> list[str]:
    """Every backend a test checks in turn, for a test whose part without a database (files
    made or refused) is the same for all: done once, then checked on each (head_copy)."""
    return backends_available(request)


@pytest.fixture
def empty_url(backend: str, tmp_path: Path, request: pytest.FixtureRequest) -> URL:
    """An empty database URL on the backend under test."""
    return new_database(backend, tmp_path, request)


@pytest.fixture(scope="session")
def _session_databases(
    tmp_path_factory: pytest.TempPathFactory, pytestconfig: pytest.Config
) -> SessionDatabases:
    base = tmp_path_factory.getbasetemp()
    worker = hasattr(pytestconfig, "workerinput")
    # A worker's base folder is in the controller's (pytest-xdist), which all workers share.
    # Heads kept between runs while their inputs are unchanged (tests/support/headcache.py); none
    # without pytest's cache (-p no:cacheprovider).
    cache = getattr(pytestconfig, "cache", None)
    return SessionDatabases(
        (base.parent if worker else base) / "session-databases",
        pytestconfig.stash[_RUN],
        pytestconfig.stash[_BACKENDS],
        cache.mkdir("rulesdb-heads") if cache is not None else None,
        # The fast loop builds no database at head: a test there that asks for one fails.
        small_only=pytestconfig.getoption("markexpr") == "fast",
    )


@pytest.fixture(scope="session", autouse=True)
def _build_ahead(_session_databases: SessionDatabases) -> Iterator[None]:
    """The run's databases at head start building at this process's first test, in a
    process of their own (SessionDatabases.build_ahead), waited for before this one ends (a
    run stopped early, -x, would otherwise leave it building)."""
    builder = _session_databases.build_ahead()
    # What this process had when it built them itself: the checkout's own rulesdb_loaders,
    # imported first (a process imports them once; a test migrating a copied chain later
    # must not be the first), and migrations/ on sys.path as Alembic leaves it.
    migrations = str(ROOT / "migrations")
    if migrations not in sys.path:
        sys.path.insert(0, migrations)
    importlib.import_module("rulesdb_loaders")
    yield
    if builder is not None:
        builder.wait()


@pytest.fixture(scope="session")
def _head_sqlite(_session_databases: SessionDatabases) -> Path:
    """The run's SQLite database at head: read it or copy it, never write to it."""
    return _session_databases.sqlite()


@pytest.fixture(scope="session")
def _head_pg(pg_server: PostgresServer, _session_databases: SessionDatabases) -> URL:
    """The run's PostgreSQL database at head: a template to clone, refusing connections."""
    return _session_databases.postgresql(pg_server)[0]


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
def reader_url(backend: str, head_url: URL) -> Iterator[URL]:
    """Who ``rulesdb sql`` runs as: the SQLite file itself, or on PostgreSQL a fresh LOGIN role
    given ``grant-read`` on a head copy (sql refuses superusers and owners)."""
    if backend == "sqlite":
        yield head_url
        return
    with read_only_role(head_url) as reader:
        yield reader


@pytest.fixture(scope="session")
def _shared_head_sqlite(_head_sqlite: Path, tmp_path_factory: pytest.TempPathFactory) -> Path:
    path = tmp_path_factory.mktemp("shared") / "head.sqlite3"
    shutil.copyfile(_head_sqlite, path)
    return path


@pytest.fixture(scope="session")
def _shared_head_pg(pg_server: PostgresServer, _session_databases: SessionDatabases) -> URL:
    """The run's read-only PostgreSQL database at head, shared by every worker."""
    return _session_databases.postgresql(pg_server)[1]


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


@pytest.fixture(scope="session")
def _small_sqlite(
    _session_databases: SessionDatabases, tmp_path_factory: pytest.TempPathFactory
) -> Path:
    """The small chain's SQLite database (tests/support/smalldb.py), this process's copy."""
    path = tmp_path_factory.mktemp("small") / "small.sqlite3"
    shutil.copyfile(_session_databases.small_sqlite(), path)
    return path


@pytest.fixture(scope="session")
def _small_pg(pg_server: PostgresServer, _session_databases: SessionDatabases) -> URL:
    """The small chain's read-only PostgreSQL database, shared by every worker."""
    return _session_databases.small_postgresql(pg_server)[1]


@pytest.fixture
def small_url(backend: str, request: pytest.FixtureRequest) -> Iterator[URL]:
    """The fast loop's database: a few releases at head (tests/support/smalldb.py), one per
    backend for the whole session, for tests that only read (as ``shared_head_url``)."""
    if backend == "postgresql":
        yield request.getfixturevalue("_small_pg")
        return
    path: Path = request.getfixturevalue("_small_sqlite")
    before = _file_state(path)
    yield URL.create("sqlite", database=str(path))
    assert _file_state(path) == before, "a test given small_url wrote to it"


@pytest.fixture
def small_engine(small_url: URL) -> Iterator[Engine]:
    engine = make_engine(small_url)
    yield engine
    engine.dispose()
