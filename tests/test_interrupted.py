"""Killed and failing upgrades: nothing half-written is ever visible or left behind.

Kills land by progress, never by the clock: the upgrade runs in a process of its own
(tests/support/held_upgrade.py) with a hold after chosen revisions, Alembic's ``on_version_apply``
callback handed through ``Config.attributes``: it reports on stderr once each revision's rows
are written in the still-open transaction and then waits; the test reads that line, looks,
and lets it go on or SIGKILLs it (tests/support/kills.py: ``start_held_upgrade``, ``go_on``,
``kill``).
Failures are real revisions in a copy of the release chain (run through ``RULESDB_DATA_ROOT``).
The kill inside a release of a database in use is a stop of tests/support/chain_walk.py's walk
down the chain.
"""

from __future__ import annotations

import random
import subprocess
import sys
from collections.abc import Iterator
from datetime import date
from pathlib import Path

import pytest
from sqlalchemy import Engine
from sqlalchemy.engine import URL

from rulesdb.store import chain
from tests import settings
from tests.settings import ROOT
from tests.support.chains import copy_release_chain, data_root_at
from tests.support.databases import url_text
from tests.support.dumps import dump_url, fingerprint, fingerprint_url
from tests.support.kills import assert_consistent, go_on, kill, release_view, start_held_upgrade
from tests.support.runs import assert_all_ok, process_env, run_cli, run_together

RACED_TO = "cr_2021_02_15"  # the racing upgrades stop there; plain Alembic takes it on

LOAD_CALL = "    load_release(revision, SEED, SEED_SHA256)\n"

FAIL_AFTER_ROWS = """

def _fail() -> None:
    raise RuntimeError("test revision fails after inserting its rows")
"""

FAIL_AFTER_DDL = """

def _create() -> None:
    import sqlalchemy as sa
    from alembic import op

    op.create_table("scratch", sa.Column("id", sa.Integer(), primary_key=True))
    op.execute("INSERT INTO scratch (id) VALUES (1)")


def _fail() -> None:
    raise RuntimeError("test revision fails after creating a table and inserting rows")
"""


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
def test_killed_runs_leave_nothing_then_racing_runs_and_alembic_build_head(
    empty_url: URL, shared_head_engine: Engine, _head_sqlite: Path, tmp_path: Path
) -> None:
    """One database from empty, for every check that needs the whole chain run on it:

    1. a kill: a run held after cr_2020_08_07 and after revisions drawn at random
       (RULESDB_TEST_SEED replays a draw), another connection looking at each hold, then
       killed at the last. Every hold and the kill land inside the run, whatever the
       machine's speed; at each the committed database is empty, and the kill leaves it so;
    2. then, whatever the kill left behind, four `rulesdb upgrade` processes race to
       cr_2021_02_15: one builds, the others wait for it;
    3. then plain Alembic from the checkout upgrades that database to head, as a database of
       that rulesdb is upgraded without rulesdb;
    4. and the result is row for row what the session's single run from empty built.

    (Each of these would otherwise build the whole chain again.)"""
    clean = fingerprint(shared_head_engine)

    # One run from empty, held after cr_2020_08_07 and after revisions drawn at random
    # (RULESDB_TEST_SEED replays a draw), in chain order. At each hold the schema and every
    # release so far are written in the open transaction (the hold reads them through the
    # run's connection): another connection sees none of it (not even the tables), and what
    # is committed, all a kill there would leave, is an empty database. At the last hold it
    # is killed: it leaves exactly that.
    seed = int(settings.TEST_SEED.value() or random.randrange(10_000))
    revisions = [revision for revision, _, _ in chain.history()]
    holds = sorted(
        {"cr_2020_08_07", *random.Random(seed).sample(revisions, 3)}, key=revisions.index
    )
    held = start_held_upgrade(empty_url, *holds)
    try:
        for revision in holds:
            if revision != holds[0]:
                go_on(held, revision)
            loaded = [
                r for r in revisions[: revisions.index(revision) + 1] if r.startswith("cr_")
            ]  # the schema revisions load no release
            assert held.releases == len(loaded), (
                f"seed {seed}, held after {revision}: the run holds {held.releases} releases"
            )
            for day in (date(2016, 7, 22), date(2020, 8, 7)):
                assert release_view(empty_url, day) is None, (
                    f"seed {seed}, held after {revision}: {day} is visible"
                )
            assert assert_consistent(empty_url) is None, (
                f"seed {seed}, held after {revision}: something is committed"
            )
    finally:
        kill(held)
    # The whole run is one transaction: the kill leaves an empty database.
    assert assert_consistent(empty_url) is None, f"seed {seed}, killed after {holds[-1]}"

    # Then the database is built as a user's would have been: four `rulesdb upgrade` processes
    # race to cr_2021_02_15; one builds, the others wait for the migration lock and find it
    # done.
    racing = run_together(["--db", url_text(empty_url), "upgrade", RACED_TO], process_env())
    assert_all_ok(racing)
    assert assert_consistent(empty_url) == RACED_TO, f"seed {seed}: the race's end"
    # ... and plain Alembic from the checkout, as a database is upgraded without rulesdb:
    # `alembic -c alembic.ini -x db=URL upgrade head` loads the releases after it.
    alembic = [
        sys.executable,
        "-m",
        "alembic",
        "-c",
        str(ROOT / "alembic.ini"),
        "-x",
        f"db={url_text(empty_url)}",
    ]
    env = {k: v for k, v in process_env().items() if k != "RULESDB_DATA_ROOT"}
    for args, said in (
        (["upgrade", "head"], None),
        (["current"], f"{chain.head_revision()} (head)"),
    ):
        done = subprocess.run(
            [*alembic, *args], capture_output=True, text=True, env=env, cwd=tmp_path, timeout=300
        )
        assert done.returncode == 0, f"alembic {' '.join(args)}: {done.stderr[-2000:]}"
        assert said is None or said in done.stdout, done.stdout
    # Row for row what the session's single run from empty built, and on PostgreSQL the same
    # rows as SQLite's (dumps, across backends).
    assert fingerprint_url(empty_url) == clean, (
        f"seed {seed}, killed after {holds[-1]}; then raced to {RACED_TO}, alembic to head"
    )
    assert dump_url(empty_url) == dump_url(URL.create("sqlite", database=str(_head_sqlite)))


@pytest.mark.slow
@pytest.mark.parametrize(
    ("hook", "start"),
    [
        (FAIL_AFTER_ROWS, "cr_2016_07_22"),  # a database in use: its releases stay as they were
        (FAIL_AFTER_DDL, "empty"),  # the schema's and the revision's DDL are undone too
    ],
    ids=["rows-from-cr_2016_07_22", "ddl-from-empty"],
)
def test_failing_revision_leaves_database_as_before(
    checkout: PatchableChain,
    empty_url: URL,
    capsys: pytest.CaptureFixture[str],
    hook: str,
    start: str,
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
