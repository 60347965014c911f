"""Every revision's downgrade undoes exactly its upgrade, row for row, on both backends.

One database per backend walks the whole chain a step at a time: at each revision X,
upgrade X, downgrade one step, upgrade X again. Stronger than pytest-alembic's up/down
consistency check, which only asserts that the steps run: here the data must match.
"""

from __future__ import annotations

import time

import pytest
from sqlalchemy.engine import URL

from rulesdb.store import migrate
from rulesdb.store.engine import make_engine
from tests.support import Snapshots, fingerprint


def without_empty_version_table(snapshot: dict[str, object]) -> dict[str, object]:
    """Alembic keeps an empty alembic_version table after a downgrade to base."""
    if snapshot.get("alembic_version") != {}:
        return snapshot
    trimmed = {k: v for k, v in snapshot.items() if k != "alembic_version"}
    trimmed["tables"] = [t for t in snapshot["tables"] if t != "alembic_version"]  # type: ignore[union-attr]
    return trimmed


@pytest.mark.slow
def test_each_downgrade_undoes_exactly_its_upgrade(
    empty_url: URL, capsys: pytest.CaptureFixture[str]
) -> None:
    engine = make_engine(empty_url)
    started = time.perf_counter()
    try:
        # Digests computed by the database, and only of the rows a step may have touched
        # (tests.support.Snapshots): digesting every row three times per revision would cost
        # minutes once the rulebook is loaded.
        snapshots = Snapshots(engine)
        chain = [revision for revision, _, _ in migrate.history()]
        previous = snapshots.take()  # the database at X-1; first, empty
        for revision in chain:
            migrate.upgrade(engine, revision)
            at_revision = snapshots.take()
            assert migrate.current_revision(engine) == revision

            migrate.downgrade(engine, "-1")
            assert without_empty_version_table(snapshots.take()) == previous, (
                f"downgrading {revision} did not restore the database as it was before it")

            migrate.upgrade(engine, revision)
            assert snapshots.take() == at_revision, f"{revision} upgraded twice differs"
            previous = at_revision
        assert migrate.current_revision(engine) == migrate.head_revision()
        # The last snapshot, digested group by group, agrees with one digested from scratch.
        fresh = Snapshots(make_engine(empty_url))
        try:
            assert fresh.take() == snapshots.take()
        finally:
            fresh.engine.dispose()
        assert fingerprint(engine)["tables"] == previous["tables"]
    finally:
        engine.dispose()
    with capsys.disabled():
        print(f"\n  round trip of {len(chain)} revisions on {empty_url.get_backend_name()}: "
              f"{time.perf_counter() - started:.1f} s")


@pytest.mark.slow  # the round trip's tool, checked where it is used: five full digests a backend
def test_snapshots_see_every_changed_row(head_url: URL) -> None:
    """The incremental digests miss no change: an update, its undoing, a delete, an insert."""
    engine = make_engine(head_url)
    try:
        snapshots = Snapshots(engine)
        at_head = snapshots.take()
        assert at_head == snapshots.take()
        with engine.connect() as connection:
            numbers = connection.exec_driver_sql(
                "SELECT count(DISTINCT number) FROM rule_span").scalar_one()
        assert numbers > 1 and len(at_head["rule_span"]) == numbers  # type: ignore[arg-type]
        day = "'2020-08-07'"
        changes = [
            ("UPDATE rule_span SET occurrence = occurrence + 1000000 WHERE number = '205.3m'",
             False),
            ("UPDATE rule_span SET occurrence = occurrence - 1000000 WHERE number = '205.3m'",
             True),  # undone: equal again
            ("UPDATE subtype SET name = name WHERE name = 'Merfolk'", True),  # same values
            (f"DELETE FROM release_subtype WHERE release_date = {day} AND name = 'Merfolk'",
             False),
        ]
        for statement, equal in changes:
            with engine.begin() as connection:
                connection.exec_driver_sql(statement)
            assert (snapshots.take() == at_head) is equal, statement
            fresh = Snapshots(make_engine(head_url))
            try:
                assert snapshots.take() == fresh.take(), statement
            finally:
                fresh.engine.dispose()
    finally:
        engine.dispose()
