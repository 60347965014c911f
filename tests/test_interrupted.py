"""Killed and failing upgrades: nothing half-written is ever visible or left behind.

Kills land by progress, never by the clock: the upgrade runs with the migration runner's
test hook (``RULESDB_TEST_HOLD_AFTER=REVISION``, migrations/env.py), which reports on stderr
once that revision's rows are written in the still-open transaction and then waits; the test
reads that line, looks, and SIGKILLs (tests/support.py: ``start_held_upgrade``, ``kill``).
Failures are real revisions in a copy of the release chain (run through ``RULESDB_DATA_ROOT``).
The kill inside a release of a database in use is a stop of tests/test_chain_walk.py's walk
down the chain.
"""

from __future__ import annotations

import os
import random
from collections.abc import Iterator
from datetime import date
from pathlib import Path

import pytest
from sqlalchemy import Engine
from sqlalchemy.engine import URL

from rulesdb.store import migrate
from rulesdb.store.engine import make_engine
from tests.support import (
    assert_consistent,
    copy_release_chain,
    data_root_at,
    dump_url,
    fingerprint,
    fingerprint_url,
    kill,
    release_view,
    run_cli,
    start_held_upgrade,
    url_text,
)
from tests.test_archive_chain import OLD_HEAD

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


@pytest.fixture
def checkout(tmp_path: Path) -> Iterator[PatchableChain]:
    """A patchable copy of the release chain, the one this process migrates with meanwhile.

    Its revisions run in process; their loader (``rulesdb_loaders``, imported once a process)
    reads this checkout's seeds, byte for byte the copy's. A test that changes seeds needs a
    process of its own (tests/test_releasing.py)."""
    copy = PatchableChain(tmp_path / "checkout")
    with data_root_at(copy.root):
        yield copy


@pytest.mark.slow
def test_kills_in_runs_from_empty_then_one_upgrade_completes(
        empty_url: URL, shared_head_engine: Engine) -> None:
    """Kill runs from empty, one after another on the same database: first one held after
    cr_2020_08_07 while another connection looks, then runs killed after revisions drawn at
    random (RULESDB_TEST_SEED replays a draw). Every kill lands inside the run, whatever the
    machine's speed, and leaves the database empty; the upgrades after the last kill then
    complete as one from empty does, whatever any of the kills left behind: to the head
    before the archive joined, then on to head, as a database of that rulesdb would (was
    tests/test_archive_chain.py's; one build from empty for all of it: each costs the whole
    chain)."""
    clean = fingerprint(shared_head_engine)

    # Mid-chain: the schema and every release up to 2020-08-07 are in the open transaction;
    # another connection sees none of it (not even the tables; SQLite may lock it out instead).
    process = start_held_upgrade(empty_url, "cr_2020_08_07")
    try:
        for day in (date(2016, 7, 22), date(2020, 8, 7)):
            assert release_view(empty_url, day) is None, f"killed after cr_2020_08_07: {day}"
    finally:
        kill(process)
    assert assert_consistent(empty_url) is None, "killed after cr_2020_08_07: not empty"

    # At random revisions.
    seed = int(os.environ.get("RULESDB_TEST_SEED", random.randrange(10_000)))
    rng = random.Random(seed)
    chain = [revision for revision, _, _ in migrate.history()]
    drawn = rng.sample(chain, 3)
    for attempt, revision in enumerate(drawn):
        kill(start_held_upgrade(empty_url, revision))
        # The whole run is one transaction: a kill anywhere in it leaves an empty database.
        assert assert_consistent(empty_url) is None, (
            f"seed {seed}, attempt {attempt}, killed after {revision}")

    # Then as a database of the rulesdb before the archive would be: upgraded to that head
    # (cr_2026_08_07), then by one plain upgrade, which chains the archive's 71 releases and
    # what follows after it; row for row what the session's run from empty built.
    engine = make_engine(empty_url)
    try:
        migrate.upgrade(engine, OLD_HEAD)
        migrate.upgrade(engine)
    finally:
        engine.dispose()
    assert fingerprint_url(empty_url) == clean, (
        f"seed {seed}, killed after {drawn}; then upgraded to {OLD_HEAD} and to head")


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
