"""The walk's stops: every check that needs a database below head, and then at head, made on
the round trip's one walk up and down the chain (tests/test_roundtrip.py). No test of its own.

The round trip puts its database at every revision X (right after ``upgrade X`` on its way up,
and at the revision before X right after X's downgrade on its way down), and proves at each
step that a database downgraded to a revision is the one upgraded to it from empty, row for
row and in its schema. So a check that needs a database at some revision runs at the round
trip's matching moment instead of building one of its own:

- the vocabulary cache following the release in force: the round trip's upgrade and
  downgrade of the latest release and its upgrade again, and cr_2025_06_06;
- the CLI on a database behind head: at cr_2024_04_12, and the round trip's downgrade of head
  made by the CLI's ``downgrade -1``;
- a kill inside a release of a database in use: the last release, killed while the round trip
  is at the revision before it on its way down, then upgraded again;
- 0001_schema's comments (PostgreSQL): exactly its frozen descriptions once it is done, and
  none left once it is undone.

Each concern's checks are a function named after it; every failure names its revision and
concern (in its message, and in a note :meth:`Walk.visit` adds). A stop must leave the
database exactly as the round trip had it; one that writes through another connection or
process (the CLI, a killed upgrade) is checked for it from a fresh snapshot
(:meth:`Walk.hand_over`).
"""

from __future__ import annotations

import json
from collections.abc import Callable
from dataclasses import dataclass, field
from datetime import date

import pytest
from sqlalchemy import Engine, inspect, text
from sqlalchemy.engine import URL

from rulesdb.errors import RulesdbError
from rulesdb.questions import listings
from rulesdb.store import chain
from rulesdb.store.descriptions import parse
from rulesdb.store.engine import make_engine
from rulesdb.vocabulary.loader import Vocabulary, clear_cache, load_vocabulary
from tests.support.databases import read_only_role, url_text
from tests.support.dumps import Snapshots, fingerprint
from tests.support.kills import assert_consistent, kill, release_view, start_held_upgrade
from tests.support.runs import run_cli
from tests.support.schema import FROZEN, pg_comments

# The moments of the round trip's step at revision X where a stop's checks run.
UPGRADED = "upgraded"  # right after ``upgrade X``: at X
DOWNGRADE = "downgrade"  # X's downgrade one step: a stop here makes it itself
DOWNGRADED = "downgraded"  # right after it: at the revision before X
AGAIN = "upgraded again"  # right after X is upgraded again, after its downgrade: at X


@dataclass(frozen=True)
class Stop:
    revision: str  # the round trip's X
    moment: str
    concern: str
    checks: Callable[[], None]
    writes: bool = False  # through another connection or process: see Walk.hand_over


@dataclass
class Walk:
    """The round trip's database, its snapshots, and how the checks reach it."""

    backend: str
    url: URL
    chain: list[str]
    capsys: pytest.CaptureFixture[str]
    engine: Engine = field(init=False)
    snapshots: Snapshots = field(init=False)
    expected: dict[str, object] = field(init=False, default_factory=dict)  # as the trip has it
    tracking: bool = field(init=False, default=True)

    def __post_init__(self) -> None:
        # Digests computed by the database, and only of the rows a step may have touched
        # (tests.support.Snapshots): digesting every row twice per revision would cost
        # minutes once the rulebook is loaded.
        self.engine = make_engine(self.url)
        self.snapshots = Snapshots(self.engine)

    def take(self) -> dict[str, object]:
        if not self.tracking:
            self._track_again()
        return self.snapshots.take()

    def hand_over(self) -> None:
        """Before a stop writes through another connection or process: this process's
        connection closed (no connection of ours beside theirs), and the next :meth:`take`
        sees what they did, whoever did it.

        On SQLite, Snapshots sees a change only by the temporary triggers of the engine's one
        connection: another connection's writes, a killed run's journal rolled back by the
        next reader, a VACUUM, go by unseen (only the row counts would tell). Reusing its
        digests would then compare the cache with itself, so the next take is from a fresh
        engine and Snapshots, which digest every row again; that also keeps Snapshots'
        ``connections == 1`` (the new engine's first connection is the one it watches). On
        PostgreSQL every committed row version carries its transaction's id, whoever wrote
        it, and a killed run's rows are never visible: the same Snapshots goes on, but reads
        every table's witness again (between takes it reads only those of the tables the
        engine's own transactions wrote).
        """
        self.engine.dispose()
        self.tracking = False

    def _track_again(self) -> None:
        if self.backend == "sqlite":
            self.engine.dispose()
            self.engine = make_engine(self.url)
            self.snapshots = Snapshots(self.engine)
        else:
            self.snapshots.forget_writes()
        self.tracking = True

    def unchanged(self, message: str) -> None:
        """The database is exactly as the round trip had it at this moment."""
        assert self.take() == self.expected, message

    def cli(self, *args: str, db: str | None = None) -> tuple[int, str, str]:
        """``rulesdb --db DB ARGS`` in process (DB: the walk's URL unless given)."""
        return run_cli(["--db", db or url_text(self.url), *args], self.capsys)

    def at(self) -> str:
        revision = chain.current_revision(self.engine)
        assert revision is not None, "the walk's database is empty"
        return revision

    def visit(
        self,
        stops: dict[tuple[str, str], list[Stop]],
        revision: str,
        moment: str,
        expected: dict[str, object],
    ) -> list[str]:
        """Run the stops at (revision, moment), in the order given; the concerns that ran.
        ``expected``: the round trip's snapshot of the database at this moment."""
        ran = []
        for stop in stops.pop((revision, moment), []):
            self.expected = expected
            if stop.writes:
                self.hand_over()
            try:
                stop.checks()
                # A downgrading stop is checked by the round trip's own comparison next.
                if moment != DOWNGRADE and not self.tracking:
                    self.unchanged(
                        f"at {revision} {moment}: {stop.concern} did not leave the "
                        "database as the round trip had it"
                    )
            except BaseException as exc:  # pytest.fail's exception too
                exc.add_note(f"on the round trip: {revision} {moment}, stop of {stop.concern}")
                raise
            ran.append(stop.concern)
        return ran


def day_of(revision: str) -> date:
    """The day a release revision is effective (cr_2026_08_07: 2026-08-07)."""
    return date(*map(int, revision.removeprefix("cr_").split("_")))


def raises(stop: str, call: Callable[[], object], match: str) -> None:
    """``call()`` raises a RulesdbError saying ``match``; else a failure naming ``stop``."""
    try:
        call()
    except RulesdbError as exc:
        assert match in str(exc), f"{stop}: expected an error saying {match!r}, got {exc}"
    else:
        pytest.fail(f"{stop}: expected a RulesdbError saying {match!r}, nothing was raised")


# --- the views -------------------------------------------------------------------------------


def view_definitions(engine: Engine) -> dict[str, str]:
    """Each view's SQL as the database keeps it."""
    if engine.dialect.name == "sqlite":
        sql = "SELECT name, sql FROM sqlite_master WHERE type = 'view'"
    else:
        sql = "SELECT viewname, definition FROM pg_views WHERE schemaname = current_schema()"
    with engine.connect() as connection:
        return {name: definition for name, definition in connection.execute(text(sql))}


def views_at_head(walk: Walk, shared_head: Engine) -> None:
    at_head = view_definitions(shared_head)
    assert "in_force_until" in at_head["v_subtype"], "at head: v_subtype without in_force_until"
    assert view_definitions(walk.engine) == at_head, (
        "at head: the views are not those of the session's head"
    )


# --- the vocabulary cache follows downgrades and upgrades (was tests/test_vocabulary.py) ------


def latest_releases(chain: list[str]) -> list[str]:
    """The release revisions in date order (their names are their dates), for the stops to
    be placed before the session's head is at hand (:func:`vocabulary_at_head` checks it)."""
    return sorted(revision for revision in chain if revision.startswith("cr_"))


def vocabulary_at_head(shared_head: Engine, releases: list[str]) -> Vocabulary:
    """The session head's vocabulary, checked; its releases are ``releases``, the chain's."""
    head = load_vocabulary(shared_head)
    listed = listings.releases(shared_head)
    assert head.effective_date.isoformat() == listed[-1]["effective_date"], (
        "at head: the vocabulary is not the latest release's"
    )
    assert head.parse("Artifact — Spacecraft").valid, "at head: Spacecraft no artifact type"
    assert [release["revision"] for release in listed] == releases, (
        "at head: the releases are not the chain's in date order"
    )
    return head


def vocabulary_in_the_latest_release(walk: Walk, latest: str) -> None:
    # The latest release just loaded: it is in force at once. (First of all: no vocabulary
    # of this database in the cache before.)
    clear_cache()
    stop = f"at {walk.at()} (the latest release)"
    loaded = load_vocabulary(walk.engine)
    assert loaded.effective_date == day_of(latest), (
        f"{stop}: the vocabulary is not the latest release's"
    )
    assert loaded.parse("Artifact — Spacecraft").valid, f"{stop}: Spacecraft no artifact type"


def vocabulary_one_release_down(walk: Walk, previous: str) -> None:
    # One release down: the release in force changes at once.
    stop = f"at {walk.at()} (one release down)"
    loaded = load_vocabulary(walk.engine)
    assert loaded.effective_date == day_of(previous), (
        f"{stop}: the vocabulary is not the previous release's"
    )
    assert loaded.parse("Creature — Elf").release == loaded.effective_date, (
        f"{stop}: parse answered from another release"
    )


def vocabulary_latest_again(walk: Walk, latest: str) -> None:
    # And up again: the cache follows.
    stop = f"at {walk.at()} (the latest release again)"
    again = load_vocabulary(walk.engine)
    assert again.effective_date == day_of(latest), (
        f"{stop}: the vocabulary is not the latest release's"
    )
    assert again.is_subtype("Spacecraft", "artifact"), f"{stop}: Spacecraft no artifact type"


def vocabulary_before_spacecraft(walk: Walk) -> None:
    # Before Spacecraft was an artifact type: answers follow.
    stop = f"at {walk.at()} (before Spacecraft was an artifact type)"
    old = load_vocabulary(walk.engine)
    assert old.effective_date == date(2025, 6, 6), f"{stop}: {old.effective_date} in force"
    assert not old.is_subtype("Spacecraft", "artifact"), f"{stop}: Spacecraft an artifact type"
    assert not old.parse("Artifact — Spacecraft").valid, f"{stop}: Artifact — Spacecraft valid"
    raises(stop, lambda: load_vocabulary(walk.engine, date(1999, 4, 22)), "no release was in force")


def vocabulary_walk_at_head(walk: Walk, head: Vocabulary) -> None:
    # Up at head: the same answers as the session's head.
    again = load_vocabulary(walk.engine)
    stop = "at head"
    assert again.effective_date == head.effective_date, f"{stop}: another release in force"
    assert again.seed_sha256 == head.seed_sha256, f"{stop}: another seed"
    assert again.is_subtype("Spacecraft", "artifact"), f"{stop}: Spacecraft no artifact type"
    assert again.parse("Artifact — Spacecraft") == head.parse("Artifact — Spacecraft"), (
        f"{stop}: Artifact — Spacecraft parses otherwise"
    )
    assert again.index == head.index, f"{stop}: the vocabulary's index differs"


# --- 0001_schema's comments (PostgreSQL: SQLite keeps none) -----------------------------------


def comments_upgraded(walk: Walk) -> None:
    """Exactly the frozen descriptions, on what this backend has (SQLite's FTS5 table is
    described but not here)."""
    described = parse(FROZEN.read_text(encoding="utf-8"))
    expected: dict[tuple[str, str | None], str] = {}
    found = inspect(walk.engine)
    present = {
        name: {column["name"] for column in found.get_columns(name)}
        for name in [*found.get_table_names(), *found.get_view_names()]
    }
    for table, item in described.items():
        if table in present:
            expected[(table, None)] = item.description
            expected.update(
                {
                    (table, column): text
                    for column, text in item.columns.items()
                    if column in present[table]
                }
            )
    assert pg_comments(walk.engine) == expected, "at 0001_schema: its comments differ"


def comments_undone(walk: Walk) -> None:
    assert pg_comments(walk.engine) == {}, "at base: 0001_schema's downgrade left comments"


def rows_at_head(walk: Walk, now: dict[str, object], at_head: dict[str, object]) -> None:
    assert now == at_head, (
        "at head: the walk up (each release loaded on its own, the stops on the way) did not "
        "load the database as the session's head, which loaded them all in one run"
    )
    with walk.engine.connect() as connection:
        count = connection.execute(text("SELECT count(*) FROM keyword")).scalar()
    assert count is not None and count > 300, f"at head: {count} keywords"


# --- reading behind head, relative downgrades (was tests/test_newcomer.py) -------------------


def newcomer_one_step_down(walk: Walk) -> None:
    # `downgrade -1` from head: the round trip's downgrade of head.
    code, out, err = walk.cli("downgrade", "-1")
    assert (code, err) == (0, "") and out.endswith(f"is at {walk.chain[-2]}\n"), (
        f"downgrade -1 from head, to {walk.chain[-2]}: {code} {out!r} {err!r}"
    )


def step(walk: Walk, stop: str, args: list[str], revision: str) -> None:
    """``rulesdb ARGS`` takes the database to ``revision``, as ``current`` then says."""
    code, _, err = walk.cli(*args)
    assert code == 0, f"{stop}: {' '.join(args)}: {err}"
    current = walk.cli("current")[1]
    assert current.startswith(f"{revision} (head is"), f"{stop}: current says {current!r}"


def newcomer_behind_head(walk: Walk) -> None:
    stop = "at cr_2024_04_12"
    code, out, err = walk.cli("check", "tribal", "--format", "json")
    assert code == 0 and json.loads(out)["release"] == "2024-04-12", (
        f"{stop}: check tribal: {code} {out!r} {err!r}"
    )
    lines = err.splitlines()  # one line, however many queries the command made
    assert len(lines) == 1, f"{stop}: check tribal warned {len(lines)} lines: {err!r}"
    [warning] = lines
    assert warning.startswith("rulesdb: warning: ") and "cr_2024_04_12" in warning, (
        f"{stop}: {warning!r}"
    )
    assert f"head {chain.head_revision()}" in warning, f"{stop}: {warning!r}"
    # sql on PostgreSQL runs as a grant-read role (it refuses the owner), granted only now, on
    # the database as it is at this stop; SQLite has no roles.
    query = ("sql", "SELECT MAX(effective_date) AS d FROM release", "--format", "csv")
    if walk.backend == "sqlite":
        code, out, err = walk.cli(*query)
    else:
        with read_only_role(walk.url) as reader:
            code, out, err = walk.cli(*query, db=url_text(reader))
    assert (code, out) == (0, "d\n2024-04-12\n") and "rulesdb: warning: " in err, (
        f"{stop}: sql as a reader: {code} {out!r} {err!r}"
    )

    stop = "at cr_2024_02_02 (downgrade -2)"
    step(walk, stop, ["downgrade", "-2"], "cr_2024_02_02")
    # Anything else that looks like an option is still refused.
    code, _, err = walk.cli("downgrade", "--steps")
    assert code == 2 and err == "rulesdb: error: No such option '--steps'.\n", (
        f"{stop}: downgrade --steps: {code} {err!r}"
    )

    step(walk, "at cr_2024_03_08 (upgrade +1)", ["upgrade", "+1"], "cr_2024_03_08")

    # Back where the round trip was, by name.
    stop = "at cr_2024_04_12 again (upgrade cr_2024_04_12)"
    step(walk, stop, ["upgrade", "cr_2024_04_12"], "cr_2024_04_12")
    walk.unchanged(f"{stop}: the CLI's steps down and up again left the database otherwise")


# --- a kill inside a release of a database in use (was tests/test_interrupted.py) ------------


def last_release() -> tuple[str, str]:
    """The last release revision in the chain, and the revision before it."""
    last, below, _ = next(
        entry for entry in reversed(chain.history()) if entry[0].startswith("cr_")
    )
    assert below is not None
    return last, below


def kill_in_the_last_release(walk: Walk) -> None:
    """At the revision below the last release (the round trip, on its way down, has just
    undone it), a real ``rulesdb upgrade`` held after loading it, looked at and SIGKILLed: it
    leaves nothing. (That the next upgrade completes, as the release loaded before: the
    round trip upgrades it again after a stop that wrote, and compares with its snapshot.)"""
    last, below = last_release()
    stop = f"at {below}, killed after {last}"
    assert walk.at() == below, f"{stop}: the round trip is at {walk.at()}"
    walk.engine.dispose()  # no connection of this process beside the upgrade's
    held = start_held_upgrade(walk.url, last)
    try:
        # The run's transaction holds every release, the last one written with the rest (the
        # hold reads through the run's connection), uncommitted: another connection sees none.
        assert held.releases == len(latest_releases(walk.chain)), (
            f"{stop}: the run holds {held.releases} releases"
        )
        seen = release_view(walk.url, day_of(last))
        assert seen is not None and set(seen.values()) == {0}, f"{stop}: another sees {seen}"
        # ... while it still reads the committed releases (the run's writes stay in SQLite's
        # page cache, so readers are not locked out).
        earlier = release_view(walk.url, date(2020, 8, 7))
        assert earlier is not None and earlier["release"] == 1, (
            f"{stop}: another reads 2020-08-07 as {earlier}"
        )
    finally:
        kill(held)

    assert assert_consistent(walk.url) != last, f"{stop}: the killed release is in"
    # As the round trip's snapshot of this revision (SQLite: the journal the kill left is
    # rolled back by assert_consistent's connection; all digested again).
    walk.unchanged(f"{stop}: the killed run left something")


# --- at head ------------------------------------------------------------------------------


def checks_at_head(walk: Walk, shared_head: Engine, releases: list[str]) -> None:
    """Every concern's checks once the walk is up at head (the stops below it passed), against
    the session's head."""
    views_at_head(walk, shared_head)
    vocabulary_walk_at_head(walk, vocabulary_at_head(shared_head, releases))
    rows_at_head(walk, fingerprint(walk.engine), fingerprint(shared_head))
