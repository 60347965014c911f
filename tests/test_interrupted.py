"""Killed and failing upgrades: nothing half-written is ever visible or left behind.

The pauses and failures are real revisions in a copy of the release chain (run through
``RULESDB_DATA_ROOT``), so the kill lands at a known point: after a release's rows are
inserted and before its transaction commits.
"""

from __future__ import annotations

import os
import random
import signal
import subprocess
import sys
import time
from datetime import date
from pathlib import Path

import pytest
from sqlalchemy import Engine, create_engine, text
from sqlalchemy.engine import URL
from sqlalchemy.exc import OperationalError, ProgrammingError

from rulesdb.store import migrate
from rulesdb.store.engine import make_engine
from tests.conftest import new_database, url_text
from tests.dbdump import dump
from tests.support import copy_release_chain, dump_url

# Tables holding one release's rows, and the ones every loaded release must have rows in.
CHILD_TABLES = ("release_card_type", "release_supertype", "release_category",
                "release_category_card_type", "release_subtype", "basic_land_type",
                "subtype_reference", "supertype_reference", "rule_text", "card_type_rename",
                "subtype_rename")
# Every release lists card types and has rule text; the other lists may be absent from a release
# (1999-2003 list no supertypes, 2003-07-01 no subtypes at all), never from every release.
NEVER_EMPTY = ("release_card_type", "rule_text")
SOMETIMES_EMPTY = ("release_supertype", "release_category", "release_category_card_type",
                   "release_subtype", "basic_land_type")
LOAD_CALL = "    upgrade_release(revision, SEED, SEED_SHA256)\n"

PAUSE = '''

def _pause() -> None:
    # Test hook: the release's rows are inserted, its transaction is open; say so and wait
    # to be killed.
    import os
    import time
    from pathlib import Path

    import sqlalchemy as sa
    from alembic import op

    Path(os.environ["RULESDB_TEST_PAUSED"]).touch()
    bind = op.get_bind()
    deadline = time.monotonic() + 120
    while time.monotonic() < deadline:
        if bind.dialect.name == "postgresql":
            bind.execute(sa.text("SELECT pg_sleep(0.1)"))
        else:
            time.sleep(0.1)
    raise RuntimeError("the test never killed this upgrade")
'''

FAIL_AFTER_ROWS = '''

def _fail() -> None:
    raise RuntimeError("test revision fails after inserting its rows")
'''

FAIL_AFTER_DDL = '''

def _create() -> None:
    import sqlalchemy as sa
    from alembic import op

    op.create_table("scratch", sa.Column("id", sa.Integer(), primary_key=True))
    op.execute("INSERT INTO scratch (id) VALUES (1)")


def _fail() -> None:
    raise RuntimeError("test revision fails after creating a table and inserting rows")
'''


class Checkout:
    """A private copy of the release chain whose revisions a test can patch and restore."""

    def __init__(self, root: Path) -> None:
        self.root = copy_release_chain(root)
        self.originals: dict[Path, str] = {}

    def patch(self, revision: str, hook: str, call: str, *, before: bool = False) -> None:
        """Make ``revision`` run ``call`` right after (or before) loading its release."""
        path = self.root / "migrations" / "versions" / f"{revision}.py"
        source = path.read_text()
        self.originals.setdefault(path, source)
        assert source.count(LOAD_CALL) == 1
        calls = f"    {call}()\n" + LOAD_CALL if before else LOAD_CALL + f"    {call}()\n"
        path.write_text(source.replace(LOAD_CALL, calls) + hook)

    def restore(self) -> None:
        for path, source in self.originals.items():
            path.write_text(source)
        self.originals.clear()

    def env(self, **extra: str) -> dict[str, str]:
        env = {k: v for k, v in os.environ.items() if k not in ("RULESDB_URL", "XDG_DATA_HOME")}
        env.update(RULESDB_DATA_ROOT=str(self.root), PYTHONDONTWRITEBYTECODE="1", **extra)
        return env


def rulesdb(url: URL, *args: str, env: dict[str, str] | None = None,
            ) -> subprocess.CompletedProcess[str]:
    return subprocess.run([sys.executable, "-m", "rulesdb", "--db", url_text(url), *args],
                          capture_output=True, text=True, env=env, timeout=300)


def start_upgrade(url: URL, env: dict[str, str]) -> subprocess.Popen[str]:
    return subprocess.Popen([sys.executable, "-m", "rulesdb", "--db", url_text(url), "upgrade"],
                            stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True, env=env)


def wait_for(flag: Path, process: subprocess.Popen[str], seconds: float = 120) -> None:
    deadline = time.monotonic() + seconds
    while not flag.exists():
        if process.poll() is not None:
            pytest.fail(f"upgrade ended ({process.returncode}) before pausing: "
                        f"{process.communicate()[1]}")
        assert time.monotonic() < deadline, "the pausing revision was never reached"
        time.sleep(0.02)


def kill(process: subprocess.Popen[str]) -> None:
    process.send_signal(signal.SIGKILL)
    process.communicate(timeout=60)


def release_view(url: URL, day: date) -> dict[str, int] | None:
    """What another program reading the database now sees of the release effective on ``day``:
    rows per table, or None when it cannot see the tables at all.

    SQLite's busy timeout is short here: a reader the writer locks out sees nothing of the
    release, which is the point; it must never see part of one.
    """
    if url.get_backend_name() == "sqlite":
        engine = create_engine(url, connect_args={"timeout": 2})
    else:
        engine = make_engine(url)
    counts: dict[str, int] = {}
    try:
        with engine.connect() as connection:
            counts["release"] = connection.execute(
                text("SELECT count(*) FROM release WHERE effective_date = :d"), {"d": day}
            ).scalar_one()
            for table in CHILD_TABLES:
                counts[table] = connection.execute(
                    text(f"SELECT count(*) FROM {table} WHERE release_date = :d"), {"d": day}
                ).scalar_one()
    except OperationalError as exc:
        if "locked" in str(exc) or "no such table" in str(exc):
            return None  # SQLite: writer holds the file, or the schema is not committed yet
        raise
    except ProgrammingError as exc:
        if "does not exist" in str(exc):
            return None  # PostgreSQL: the schema is not committed yet
        raise
    finally:
        engine.dispose()
    return counts


def assert_consistent(url: URL) -> str | None:
    """Every release row has its lists, and alembic_version names the newest loaded release."""
    engine = make_engine(url)
    try:
        revision = migrate.current_revision(engine)
        if revision is None:
            assert dump(engine)["tables"] in ([], ["alembic_version"])
            return None
        with engine.connect() as connection:
            releases = connection.execute(text("SELECT effective_date, revision FROM release")
                                          ).all()
            loaded_days = {str(day) for day, _ in releases}
            for table in (*NEVER_EMPTY, *SOMETIMES_EMPTY):
                days = {str(row[0]) for row in connection.execute(
                    text(f"SELECT DISTINCT release_date FROM {table}"))}
                if table in NEVER_EMPTY:
                    assert days == loaded_days, table
                else:
                    assert days <= loaded_days, table  # no rows of a release not loaded
    finally:
        engine.dispose()
    chain = [rev for rev, _, _ in migrate.history()]
    loaded = chain[: chain.index(revision) + 1]
    assert sorted(rev for _, rev in releases) == sorted(r for r in loaded if r.startswith("cr_"))
    return revision


@pytest.fixture
def checkout(tmp_path: Path) -> Checkout:
    return Checkout(tmp_path / "checkout")


@pytest.mark.slow
def test_kill_in_a_release_then_upgrade_completes(
    checkout: Checkout, head_url: URL, head_engine: Engine, tmp_path: Path
) -> None:
    clean = dump(head_engine)
    chain = migrate.history()
    last, below, _ = next(entry for entry in reversed(chain) if entry[0].startswith("cr_"))
    migrate.downgrade(head_engine, below)  # the last release, and what follows it, undone
    head_engine.dispose()
    before = dump_url(head_url)
    day = date(*map(int, last.removeprefix("cr_").split("_")))

    flag = tmp_path / "paused"
    checkout.patch(last, PAUSE, "_pause")
    process = start_upgrade(head_url, checkout.env(RULESDB_TEST_PAUSED=str(flag)))
    try:
        wait_for(flag, process)
        # Rows of the last release are inserted but uncommitted: another connection sees none.
        seen = release_view(head_url, day)
        assert seen is not None and set(seen.values()) == {0}, seen
        # ... while it still reads the committed releases (one release's writes stay in
        # SQLite's page cache, so readers are not locked out).
        earlier = release_view(head_url, date(2020, 8, 7))
        assert earlier is not None and earlier["release"] == 1
    finally:
        kill(process)

    assert assert_consistent(head_url) != last
    assert dump_url(head_url) == before  # the killed run left nothing
    checkout.restore()
    finished = rulesdb(head_url, "upgrade", env=checkout.env())
    assert finished.returncode == 0, finished.stderr
    assert dump_url(head_url) == clean


@pytest.mark.slow
def test_kill_in_the_middle_of_a_run_from_empty(
    checkout: Checkout, empty_url: URL, head_engine: Engine, tmp_path: Path
) -> None:
    flag = tmp_path / "paused"
    checkout.patch("cr_2020_08_07", PAUSE, "_pause")
    process = start_upgrade(empty_url, checkout.env(RULESDB_TEST_PAUSED=str(flag)))
    try:
        wait_for(flag, process)
        # The schema and every release up to 2020-08-07 are in the open transaction; another
        # connection sees none of it (not even the tables; SQLite may lock it out instead).
        for day in (date(2016, 7, 22), date(2020, 8, 7)):
            assert release_view(empty_url, day) is None
    finally:
        kill(process)

    assert assert_consistent(empty_url) is None
    checkout.restore()
    finished = rulesdb(empty_url, "upgrade", env=checkout.env())
    assert finished.returncode == 0, finished.stderr
    assert dump_url(empty_url) == dump(head_engine)


@pytest.mark.slow
def test_kill_at_random_points_of_a_full_upgrade(
    backend: str, tmp_path: Path, request: pytest.FixtureRequest, head_engine: Engine
) -> None:
    clean = dump(head_engine)
    env = {k: v for k, v in os.environ.items() if k not in ("RULESDB_URL", "RULESDB_DATA_ROOT")}
    seed = int(os.environ.get("RULESDB_TEST_SEED", time.time_ns() % 10_000))
    rng = random.Random(seed)
    # How long a whole run takes here, process start included, so that kills land inside it:
    # a first guess, then the time the recovering run took.
    duration = {"sqlite": 1.5, "postgresql": 3.0}[backend]
    interrupted = 0
    for attempt in range(3):
        url = new_database(backend, tmp_path, request)
        delay = rng.uniform(0.2, 0.9) * duration
        process = start_upgrade(url, env)
        time.sleep(delay)
        interrupted += process.poll() is None
        kill(process)
        where = f"seed {seed}, attempt {attempt}, killed after {delay:.2f}s of {duration:.2f}s"
        state = assert_consistent(url)
        assert state in (None, migrate.head_revision()), where
        started = time.perf_counter()
        finished = rulesdb(url, "upgrade", env=env)
        if state is None:
            duration = time.perf_counter() - started
        assert finished.returncode == 0, f"{where}: {finished.stderr}"
        assert dump_url(url) == clean, where
    assert interrupted, f"seed {seed}: every run finished before its kill; nothing was tested"


@pytest.mark.slow
@pytest.mark.parametrize(("hook", "start"), [
    (FAIL_AFTER_ROWS, "cr_2016_07_22"),  # a database in use: its releases stay as they were
    (FAIL_AFTER_DDL, "empty"),  # the schema's and the revision's DDL are undone too
], ids=["rows-from-cr_2016_07_22", "ddl-from-empty"])
def test_failing_revision_leaves_database_as_before(
    checkout: Checkout, backend: str, tmp_path: Path, request: pytest.FixtureRequest,
    hook: str, start: str,
) -> None:
    url = new_database(backend, tmp_path, request)
    if start != "empty":
        assert rulesdb(url, "upgrade", start, env=checkout.env()).returncode == 0
    before = dump_url(url)

    checkout.patch("cr_2020_08_07", hook, "_fail")
    if hook == FAIL_AFTER_DDL:
        checkout.patch("cr_2020_08_07", "", "_create", before=True)
    failed = rulesdb(url, "upgrade", env=checkout.env())
    assert failed.returncode != 0
    assert "test revision fails" in failed.stderr
    after = dump_url(url)
    # DDL included (0001_schema's tables, the scratch table): SQLite rolls it all back too.
    assert after == before
    assert "scratch" not in after["tables"]
