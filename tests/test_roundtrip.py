"""Every revision's downgrade undoes exactly its upgrade, row for row and in the schema, on
both backends; and on the same walk, every check that needs a database below head
(tests/support/chain_walk.py).

One database per backend walks the whole chain up a revision at a time, a snapshot of it at
each (tests.support.Snapshots: every row, and the schema as the catalog tells it), then down
again: each downgrade must leave the database exactly as the snapshot before its revision.
Stronger than pytest-alembic's up/down consistency check, which only asserts that the steps
run: here the rows and the schema must match. Up, each release is loaded on its own, one run
each; at head the database must equal the session's, which loaded them all in one run (the
loader holds a run's rows and writes them at its end): the two ways of loading agree.

A downgrade that restores every row and the whole catalog gives the upgrade the very database
it ran on the first time, so the walk upgrades a revision again only where a stop needs it (a
moment after the upgrade again, or a stop that wrote below the revision), and compares that
with the first upgrade.
"""

from __future__ import annotations

import re
import time
from pathlib import Path

import pytest
from sqlalchemy import Engine, String, inspect
from sqlalchemy.engine import URL

from rulesdb.store import chain, migrate
from rulesdb.store.engine import make_engine
from tests.support.chain_walk import (
    AGAIN,
    DOWNGRADE,
    DOWNGRADED,
    UPGRADED,
    Stop,
    Walk,
    checks_at_head,
    comments_undone,
    comments_upgraded,
    kill_in_the_last_release,
    last_release,
    latest_releases,
    newcomer_behind_head,
    newcomer_one_step_down,
    vocabulary_before_spacecraft,
    vocabulary_in_the_latest_release,
    vocabulary_latest_again,
    vocabulary_one_release_down,
)
from tests.support.dumps import Snapshots, fingerprint


def without_empty_version_table(snapshot: dict[str, object]) -> dict[str, object]:
    """Alembic keeps an empty alembic_version table after a downgrade to base."""
    if snapshot.get("alembic_version") != {}:
        return snapshot
    trimmed = {k: v for k, v in snapshot.items() if k != "alembic_version"}
    trimmed["tables"] = [t for t in snapshot["tables"] if t != "alembic_version"]  # type: ignore[union-attr]
    trimmed["schema"] = [
        entry
        for entry in snapshot["schema"]  # type: ignore[union-attr]
        if not entry[1].startswith("alembic_version")
    ]
    return trimmed


@pytest.mark.slow  # the whole chain up and down, a revision at a time; the walk's stops
def test_each_downgrade_undoes_exactly_its_upgrade(
    backend: str,
    empty_url: URL,
    request: pytest.FixtureRequest,
    capsys: pytest.CaptureFixture[str],
    tmp_path: Path,
) -> None:
    revisions = [revision for revision, _, _ in chain.history()]
    walk = Walk(backend, empty_url, revisions, capsys)
    started = time.perf_counter()
    try:
        releases = latest_releases(revisions)
        latest = releases[-1]
        # The stops, each at a revision of the walk and a moment of its step there.
        stops: dict[tuple[str, str], list[Stop]] = {}
        for stop in [
            Stop(
                "cr_2024_04_12",
                UPGRADED,
                "the CLI: behind head, relative steps",
                lambda: newcomer_behind_head(walk),
                writes=True,
            ),
            Stop(
                "cr_2025_06_06",
                UPGRADED,
                "the vocabulary cache: before Spacecraft",
                lambda: vocabulary_before_spacecraft(walk),
            ),
            Stop(
                latest,
                UPGRADED,
                "the vocabulary cache: the latest release",
                lambda: vocabulary_in_the_latest_release(walk, latest),
            ),
            Stop(
                latest,
                DOWNGRADED,
                "the vocabulary cache: one release down",
                lambda: vocabulary_one_release_down(walk, releases[-2]),
            ),
            Stop(
                latest,
                AGAIN,
                "the vocabulary cache: the latest release again",
                lambda: vocabulary_latest_again(walk, latest),
            ),
            Stop(
                last_release()[0],
                DOWNGRADED,
                "a kill in the last release",
                lambda: kill_in_the_last_release(walk),
                writes=True,
            ),
            Stop(
                revisions[-1],
                DOWNGRADE,
                "the CLI: downgrade -1 from head",
                lambda: newcomer_one_step_down(walk),
                writes=True,
            ),
            *(
                []
                if backend != "postgresql"
                else [
                    Stop(
                        "0001_schema",
                        UPGRADED,
                        "0001_schema: its comments",
                        lambda: comments_upgraded(walk),
                    ),
                    Stop(
                        "0001_schema",
                        DOWNGRADED,
                        "0001_schema undone: no comment left",
                        lambda: comments_undone(walk),
                    ),
                ]
            ),
        ]:
            stops.setdefault((stop.revision, stop.moment), []).append(stop)

        # Up the chain, a snapshot at each revision (and, before the first, of the empty
        # database).
        below = dict(zip(revisions, [None, *revisions[:-1]], strict=True))
        upgraded: dict[str | None, dict[str, object]] = {None: walk.take()}
        for revision in revisions:
            migrate.upgrade(walk.engine, revision)
            upgraded[revision] = walk.take()
            assert chain.current_revision(walk.engine) == revision
            walk.visit(stops, revision, UPGRADED, upgraded[revision])
        assert chain.current_revision(walk.engine) == chain.head_revision()
        # At head: the last snapshot, digested group by group, agrees with one digested from
        # scratch; each stop's concern as at the session's head.
        fresh = Snapshots(make_engine(empty_url))
        try:
            assert fresh.take() == upgraded[revisions[-1]]
        finally:
            fresh.engine.dispose()
        assert fingerprint(walk.engine)["tables"] == upgraded[revisions[-1]]["tables"]
        waited = time.perf_counter()
        shared_head = request.getfixturevalue("shared_head_engine")
        started += time.perf_counter() - waited  # not the wait for the session's head, if any
        checks_at_head(walk, shared_head, releases)

        # Down the chain: each downgrade leaves the database exactly as its revision found it,
        # its rows and its schema. Where a stop needs it (a moment after the upgrade again, a
        # stop that wrote below the revision), the revision is upgraded again, compared with
        # its first upgrade, and undone again.
        again = {revision for revision, moment in stops if moment == AGAIN} | {
            revision
            for (revision, moment), listed in stops.items()
            if moment == DOWNGRADED and any(stop.writes for stop in listed)
        }
        for revision in reversed(revisions):
            before = upgraded[below[revision]]
            by = walk.visit(stops, revision, DOWNGRADE, before)
            if not by:
                migrate.downgrade(walk.engine, "-1")
            assert without_empty_version_table(walk.take()) == before, (
                f"downgrading {revision} did not restore the database as it was before it"
                + "".join(f" (the downgrade: {concern})" for concern in by)
            )
            after = walk.visit(stops, revision, DOWNGRADED, before)
            if revision in again:
                migrate.upgrade(walk.engine, revision)
                assert walk.take() == upgraded[revision], (
                    f"{revision} upgraded twice differs"
                    + "".join(f" (after the stop: {concern})" for concern in after)
                )
                walk.visit(stops, revision, AGAIN, upgraded[revision])
                migrate.downgrade(walk.engine, "-1")
                assert walk.take() == before, f"downgrading {revision} again differs"
        assert not stops, f"stops at revisions the walk never reached: {sorted(stops)}"
        assert chain.current_revision(walk.engine) is None
        elapsed = time.perf_counter() - started
    finally:
        walk.engine.dispose()
    with capsys.disabled():
        print(
            f"\n  round trip of {len(revisions)} revisions on {empty_url.get_backend_name()}: "
            f"{elapsed:.1f} s"
        )


@pytest.mark.slow  # the round trip's tool, checked where it is used: seven full digests a backend
def test_snapshots_see_every_changed_row(head_url: URL) -> None:
    """The incremental digests miss no change: an update, its undoing, an index made and
    dropped (the schema), a delete, a column added with a default (every row changes, none
    is written); on SQLite a table made again with changed rows (as batch mode does: the
    rows are written before it has its name); on PostgreSQL a TRUNCATE (no row is counted
    deleted) and, once Snapshots is told, a write through another engine."""
    engine = make_engine(head_url)
    try:
        snapshots = Snapshots(engine)
        at_head = snapshots.take()
        assert at_head == snapshots.take()
        with engine.connect() as connection:  # digested by group (GROUPED_BY)
            ends, buckets = connection.exec_driver_sql(
                "SELECT (SELECT count(DISTINCT last_release) FROM rule_span), "
                "(SELECT count(DISTINCT id >> 52) FROM rulebook_text)"
            ).one()
        assert ends > 1 and len(at_head["rule_span"]) == ends  # type: ignore[arg-type]
        assert buckets > 1 and len(at_head["rulebook_text"]) == buckets  # type: ignore[arg-type]
        day = "'2020-08-07'"
        changes = [
            (
                "UPDATE rule_span SET occurrence = occurrence + 1000000 WHERE number = '205.3m'",
                False,
            ),
            (
                "UPDATE rule_span SET occurrence = occurrence - 1000000 WHERE number = '205.3m'",
                True,
            ),  # undone: equal again
            ("UPDATE subtype SET name = name WHERE name = 'Merfolk'", True),  # same values
            # A text changed and changed back, in one bucket of its table: the highest id and
            # the lowest (a negative one).
            (
                "UPDATE rulebook_text SET text = text || '.' WHERE id = "
                "(SELECT max(id) FROM rulebook_text)",
                False,
            ),
            (
                "UPDATE rulebook_text SET text = substr(text, 1, length(text) - 1) WHERE id = "
                "(SELECT max(id) FROM rulebook_text)",
                True,
            ),
            (
                "UPDATE rulebook_text SET text = text || '.' WHERE id = "
                "(SELECT min(id) FROM rulebook_text)",
                False,
            ),
            (
                "UPDATE rulebook_text SET text = substr(text, 1, length(text) - 1) WHERE id = "
                "(SELECT min(id) FROM rulebook_text)",
                True,
            ),
            ("CREATE INDEX ix_probe ON rule_span (occurrence)", False),  # the schema: no rows
            ("DROP INDEX ix_probe", True),
            (f"DELETE FROM release_subtype WHERE release_date = {day} AND name = 'Merfolk'", False),
            ("ALTER TABLE release_note ADD COLUMN probe INTEGER DEFAULT 1", False),
        ]
        postgresql = engine.dialect.name == "postgresql"
        alone, column = table_alone(engine)
        if postgresql:
            changes.append((f"TRUNCATE {alone}", False))
        else:
            # A table made again, twice: the second time its SQL is as the first left it
            # (SQLite quotes the new name), so only its b-tree and its lost triggers tell.
            with engine.connect() as connection:
                definition = connection.exec_driver_sql(
                    "SELECT sql FROM sqlite_master WHERE name = ?", (alone,)
                ).scalar_one()
            body = re.sub(rf'^CREATE TABLE ("?){alone}\1', "", definition)
            for probe in ("probe 1", "probe 2"):
                changes.append(
                    (
                        (
                            f"CREATE TABLE probe_copy{body}",
                            f"INSERT INTO probe_copy SELECT * FROM {alone}",
                            # untracked
                            f"UPDATE probe_copy SET {column} = {column} || ' ({probe})'",
                            f"DROP TABLE {alone}",
                            f"ALTER TABLE probe_copy RENAME TO {alone}",
                        ),
                        False,
                    )
                )
        for statement, equal in changes:
            with engine.begin() as connection:
                for each in (statement,) if isinstance(statement, str) else statement:
                    connection.exec_driver_sql(each)
            assert (snapshots.take() == at_head) is equal, statement
            assert_same_as_fresh(snapshots, head_url, str(statement))
        if postgresql:  # written by another engine: seen once Snapshots is told
            other = make_engine(head_url)
            try:
                with other.begin() as connection:
                    connection.exec_driver_sql("UPDATE release_note SET probe = 2")
            finally:
                other.dispose()
            snapshots.forget_writes()
            assert_same_as_fresh(snapshots, head_url, "another engine's UPDATE")
    finally:
        engine.dispose()


def table_alone(engine: Engine) -> tuple[str, str]:
    """A table with rows that no view reads and no foreign key refers to, and a text column
    of it outside its primary key and its checks."""
    with engine.connect() as connection:  # one: Snapshots watches SQLite's only connection
        found = inspect(connection)
        tables = sorted(
            name
            for name in found.get_table_names()
            if not name.startswith("alembic") and "fts" not in name
        )
        referred = {
            key["referred_table"] for name in tables for key in found.get_foreign_keys(name)
        }
        views = " ".join(found.get_view_definition(view) for view in found.get_view_names())
        for name in tables:
            if name in referred or re.search(rf"\b{name}\b", views):
                continue
            keys = found.get_pk_constraint(name)["constrained_columns"]
            checks = " ".join(check["sqltext"] for check in found.get_check_constraints(name))
            texts = [
                column["name"]
                for column in found.get_columns(name)
                if isinstance(column["type"], String)
                and column["name"] not in keys
                and not re.search(rf"\b{column['name']}\b", checks)
            ]
            if texts and connection.exec_driver_sql(f"SELECT count(*) FROM {name}").scalar():
                return name, texts[0]
    raise AssertionError("no table to change alone")


def assert_same_as_fresh(snapshots: Snapshots, url: URL, change: str) -> None:
    fresh = Snapshots(make_engine(url))
    try:
        assert snapshots.take() == fresh.take(), change
    finally:
        fresh.engine.dispose()
