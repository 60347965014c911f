"""Killed and failing upgrades: nothing half-written is ever visible or left behind.

Kills land by progress, never by the clock: the upgrade runs with the migration runner's
test hook (``RULESDB_TEST_HOLD_AFTER=REVISION``, migrations/env.py), which reports on stderr
once that revision's rows are written in the still-open transaction and then waits; the test
reads that line, looks, and SIGKILLs. Failures are real revisions in a copy of the release
chain (run through ``RULESDB_DATA_ROOT``).
"""

from __future__ import annotations

import os
import random
import signal
import subprocess
from collections.abc import Iterator
from datetime import date
from pathlib import Path

import pytest
from sqlalchemy import Engine, create_engine, text
from sqlalchemy.engine import URL
from sqlalchemy.exc import OperationalError, ProgrammingError

from rulesdb.store import migrate
from rulesdb.store.engine import make_engine
from tests.support import (
    copy_release_chain,
    data_root_at,
    dump,
    dump_url,
    fingerprint,
    fingerprint_url,
    process_env,
    rulesdb_command,
    run_cli,
    url_text,
)

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


class PatchableChain:
    """A private copy of the release chain whose revisions a test can patch."""

    def __init__(self, root: Path) -> None:
        self.root = copy_release_chain(root)

    def patch(self, revision: str, hook: str, call: str, *, before: bool = False) -> None:
        """Make ``revision`` run ``call`` right after (or before) loading its release."""
        path = self.root / "migrations" / "versions" / f"{revision}.py"
        source = path.read_text()
        assert source.count(LOAD_CALL) == 1
        calls = f"    {call}()\n" + LOAD_CALL if before else LOAD_CALL + f"    {call}()\n"
        path.write_text(source.replace(LOAD_CALL, calls) + hook)


HOLD_AFTER = "RULESDB_TEST_HOLD_AFTER"


def start_held_upgrade(url: URL, revision: str) -> subprocess.Popen[str]:
    """``rulesdb upgrade`` in a real process, returned once it holds after ``revision``."""
    process = subprocess.Popen(rulesdb_command("--db", url_text(url), "upgrade"),
                               stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True,
                               env=process_env(**{HOLD_AFTER: revision}))
    assert process.stderr is not None
    said = []
    for line in process.stderr:  # blocks until the run reports, or ends
        if line.strip() == f"rulesdb-test: holding after {revision}":
            return process
        said.append(line)
    process.wait(timeout=60)
    pytest.fail(f"upgrade never held after {revision} ({process.returncode}): {''.join(said)}")


def kill(process: subprocess.Popen[str]) -> None:
    process.send_signal(signal.SIGKILL)
    process.communicate(timeout=60)


def upgrade(url: URL) -> None:
    """The run after the kill, in process: what it must do is finish the job."""
    engine = make_engine(url)
    try:
        migrate.upgrade(engine)
    finally:
        engine.dispose()


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
def checkout(tmp_path: Path) -> Iterator[PatchableChain]:
    """A patchable copy of the release chain, the one this process migrates with meanwhile.

    Its revisions run in process; their loader (``rulesdb_loaders``, imported once a process)
    reads this checkout's seeds, byte for byte the copy's. A test that changes seeds needs a
    process of its own (tests/test_releasing.py)."""
    copy = PatchableChain(tmp_path / "checkout")
    with data_root_at(copy.root):
        yield copy


def day_of(revision: str) -> date:
    return date(*map(int, revision.removeprefix("cr_").split("_")))


@pytest.mark.slow
def test_kill_in_a_release_then_upgrade_completes(head_url: URL, head_engine: Engine) -> None:
    # Fingerprints, not dumps: each compares a database with one on the same backend.
    clean = fingerprint(head_engine)
    chain = migrate.history()
    last, below, _ = next(entry for entry in reversed(chain) if entry[0].startswith("cr_"))
    migrate.downgrade(head_engine, below)  # the last release, and what follows it, undone
    head_engine.dispose()
    before = fingerprint_url(head_url)

    process = start_held_upgrade(head_url, last)
    try:
        # Rows of the last release are inserted but uncommitted: another connection sees none.
        seen = release_view(head_url, day_of(last))
        assert seen is not None and set(seen.values()) == {0}, seen
        # ... while it still reads the committed releases (one release's writes stay in
        # SQLite's page cache, so readers are not locked out).
        earlier = release_view(head_url, date(2020, 8, 7))
        assert earlier is not None and earlier["release"] == 1
    finally:
        kill(process)

    assert assert_consistent(head_url) != last
    assert fingerprint_url(head_url) == before  # the killed run left nothing
    upgrade(head_url)
    assert fingerprint_url(head_url) == clean


@pytest.mark.slow
def test_kill_in_the_middle_of_a_run_from_empty(empty_url: URL,
                                                shared_head_engine: Engine) -> None:
    process = start_held_upgrade(empty_url, "cr_2020_08_07")
    try:
        # The schema and every release up to 2020-08-07 are in the open transaction; another
        # connection sees none of it (not even the tables; SQLite may lock it out instead).
        for day in (date(2016, 7, 22), date(2020, 8, 7)):
            assert release_view(empty_url, day) is None
    finally:
        kill(process)

    assert assert_consistent(empty_url) is None
    upgrade(empty_url)
    assert fingerprint_url(empty_url) == fingerprint(shared_head_engine)


@pytest.mark.slow
def test_kill_at_random_points_of_a_full_upgrade(empty_url: URL,
                                                 shared_head_engine: Engine) -> None:
    """Kill runs from empty after revisions drawn at random (RULESDB_TEST_SEED replays a
    draw), one after another on the same database: every kill lands inside the run, whatever
    the machine's speed, and leaves the database empty; the upgrade after the last kill then
    completes as one from empty does, whatever any of the kills left behind."""
    clean = fingerprint(shared_head_engine)
    seed = int(os.environ.get("RULESDB_TEST_SEED", random.randrange(10_000)))
    rng = random.Random(seed)
    chain = [revision for revision, _, _ in migrate.history()]
    drawn = rng.sample(chain, 3)
    for attempt, revision in enumerate(drawn):
        kill(start_held_upgrade(empty_url, revision))
        # The whole run is one transaction: a kill anywhere in it leaves an empty database.
        assert assert_consistent(empty_url) is None, (
            f"seed {seed}, attempt {attempt}, killed after {revision}")
    upgrade(empty_url)
    assert fingerprint_url(empty_url) == clean, f"seed {seed}, killed after {drawn}"


@pytest.mark.slow
@pytest.mark.parametrize(("hook", "start"), [
    (FAIL_AFTER_ROWS, "cr_2016_07_22"),  # a database in use: its releases stay as they were
    (FAIL_AFTER_DDL, "empty"),  # the schema's and the revision's DDL are undone too
], ids=["rows-from-cr_2016_07_22", "ddl-from-empty"])
def test_failing_revision_leaves_database_as_before(
    checkout: PatchableChain, empty_url: URL, capsys: pytest.CaptureFixture[str],
    hook: str, start: str,
) -> None:
    db = url_text(empty_url)
    if start != "empty":
        assert run_cli(["--db", db, "upgrade", start], capsys)[0] == 0
    before = dump_url(empty_url)

    checkout.patch("cr_2020_08_07", hook, "_fail")
    if hook == FAIL_AFTER_DDL:
        checkout.patch("cr_2020_08_07", "", "_create", before=True)
    code, _, err = run_cli(["--db", db, "upgrade"], capsys)
    assert code != 0
    assert "test revision fails" in err
    after = dump_url(empty_url)
    # DDL included (0001_schema's tables, the scratch table): SQLite rolls it all back too.
    assert after == before
    assert "scratch" not in after["tables"]
