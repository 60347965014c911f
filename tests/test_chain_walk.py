"""One walk down the release chain and back up again, per backend, for every check that needs
a database below head and then at head again.

Why one walk: the revisions at the top of the chain (archive_rulebook, keywords,
rulebook_spans, and every revision above constraint_names) are the heavy ones, 1.5-3 s each
way, and every walk down from head and back up pays for them twice. Six concerns used to walk
on private copies of their own: the views before views_in_force (tests/test_views.py), the
vocabulary cache following the release in force (tests/test_vocabulary.py), the keywords
revision undone and redone (tests/test_keywords.py), the CLI on a database behind head
(tests/test_newcomer.py), a kill inside a release of a database in use
(tests/test_interrupted.py) and an older release appended after the notes schema
(tests/test_archive_chain.py). Here they share one private copy of head:

1. at head, each concern notes what it will compare with later;
2. the walk goes down through each concern's stops in chain order, highest first, and at each
   does the checks that concern made there;
3. one upgrade to head, and each concern checks that everything is back as it was.

Each concern's checks are a function named after it, and every failure names its stop (in its
message, and in a note :func:`walk_down` adds). The stops are put in order by their place in
the chain, not by hand: a release chained after head moves some, and the walk still goes down.
"""

from __future__ import annotations

import json
from collections.abc import Callable
from dataclasses import dataclass
from datetime import date
from pathlib import Path

import pytest
from sqlalchemy import Engine, text
from sqlalchemy.engine import URL

from rulesdb.errors import RulesdbError
from rulesdb.questions import listings
from rulesdb.store import migrate
from rulesdb.store.engine import make_engine
from rulesdb.vocabulary.loader import Vocabulary, clear_cache, vocabulary
from tests.support import (
    assert_consistent,
    fingerprint,
    fingerprint_url,
    kill,
    release_view,
    revision_before,
    run_cli,
    start_held_upgrade,
    url_text,
)
from tests.test_archive_chain import NOTES_SCHEMA, WITH_NOTE, pre_archive_checkout
from tests.test_archive_ingest import archive_file
from tests.test_releasing import rulesdb


@dataclass
class Walk:
    """The private copy of head being walked, and how the checks reach it."""

    backend: str
    url: URL
    engine: Engine
    chain: list[str]
    request: pytest.FixtureRequest
    capsys: pytest.CaptureFixture[str]

    def cli(self, *args: str, db: str | None = None) -> tuple[int, str, str]:
        """``rulesdb --db DB ARGS`` in process (DB: the copy's URL unless given)."""
        return run_cli(["--db", db or url_text(self.url), *args], self.capsys)

    def position(self) -> int:
        revision = migrate.current_revision(self.engine)
        assert revision is not None, "the walk's copy is empty"
        return self.chain.index(revision)


def raises(stop: str, call: Callable[[], object], match: str) -> None:
    """``call()`` raises a RulesdbError saying ``match``; else a failure naming ``stop``."""
    try:
        call()
    except RulesdbError as exc:
        assert match in str(exc), f"{stop}: expected an error saying {match!r}, got {exc}"
    else:
        pytest.fail(f"{stop}: expected a RulesdbError saying {match!r}, nothing was raised")


# --- the views before views_in_force (was tests/test_views.py) -------------------------------


def view_definitions(engine: Engine) -> dict[str, str]:
    """Each view's SQL as the database keeps it."""
    if engine.dialect.name == "sqlite":
        sql = "SELECT name, sql FROM sqlite_master WHERE type = 'view'"
    else:
        sql = ("SELECT viewname, definition FROM pg_views "
               "WHERE schemaname = current_schema()")
    with engine.connect() as connection:
        return {name: definition for name, definition in connection.execute(text(sql))}


def views_at_head(walk: Walk, empty_url: URL) -> tuple[dict[str, str], dict[str, str]]:
    """The views as 0002_views creates them (on an empty database) and as they are at head."""
    reference = make_engine(empty_url)
    try:
        migrate.upgrade(reference, "0002_views")
        created = view_definitions(reference)
    finally:
        reference.dispose()
    at_head = view_definitions(walk.engine)
    assert set(created) | {"v_release"} <= set(at_head), "at head: views of 0002_views missing"
    assert "in_force_until" in at_head["v_subtype"], "at head: v_subtype without in_force_until"
    return created, at_head


def views_before_views_in_force(walk: Walk, created: dict[str, str]) -> None:
    # To the revision before views_in_force: every later view is gone with its revision.
    migrate.downgrade(walk.engine, "constraint_names")
    assert view_definitions(walk.engine) == created, (
        "at constraint_names: the views are not exactly those 0002_views creates")


def views_back_at_head(walk: Walk, at_head: dict[str, str]) -> None:
    assert view_definitions(walk.engine) == at_head, (
        "back at head: the views are not those the copy had at head")


# --- the vocabulary cache follows downgrades and upgrades (was tests/test_vocabulary.py) ------


def vocabulary_at_head(walk: Walk) -> tuple[Vocabulary, list[dict[str, object]]]:
    """The vocabulary at head, and the releases (date order) it was resolved among."""
    clear_cache()
    head = vocabulary(walk.engine)
    releases = listings.releases(walk.engine)
    assert head.effective_date.isoformat() == releases[-1]["effective_date"], (
        "at head: the vocabulary is not the latest release's")
    assert head.parse("Artifact — Spacecraft").valid, "at head: Spacecraft no artifact type"
    return head, releases


def vocabulary_one_release_down(walk: Walk, releases: list[dict[str, object]]) -> None:
    # One release down: the release in force changes at once.
    stop = f"at {releases[-2]['revision']} (one release down)"
    migrate.downgrade(walk.engine, str(releases[-2]["revision"]))
    previous = vocabulary(walk.engine)
    assert previous.effective_date.isoformat() == releases[-2]["effective_date"], (
        f"{stop}: the vocabulary is not the previous release's")
    assert previous.parse("Creature — Elf").release == previous.effective_date, (
        f"{stop}: parse answered from another release")


def vocabulary_before_spacecraft(walk: Walk) -> None:
    # Down to before Spacecraft was an artifact type: answers follow.
    stop = "at cr_2025_06_06 (before Spacecraft was an artifact type)"
    migrate.downgrade(walk.engine, "cr_2025_06_06")
    old = vocabulary(walk.engine)
    assert old.effective_date == date(2025, 6, 6), f"{stop}: {old.effective_date} in force"
    assert not old.is_subtype("Spacecraft", "artifact"), f"{stop}: Spacecraft an artifact type"
    assert not old.parse("Artifact — Spacecraft").valid, f"{stop}: Artifact — Spacecraft valid"
    raises(stop, lambda: vocabulary(walk.engine, date(2016, 1, 1)), "no release was in force")


def vocabulary_back_at_head(walk: Walk, head: Vocabulary) -> None:
    # Back up: the same answers as before the walk.
    again = vocabulary(walk.engine)
    stop = "back at head"
    assert again.effective_date == head.effective_date, f"{stop}: another release in force"
    assert again.seed_sha256 == head.seed_sha256, f"{stop}: another seed"
    assert again.is_subtype("Spacecraft", "artifact"), f"{stop}: Spacecraft no artifact type"
    assert again.parse("Artifact — Spacecraft") == head.parse("Artifact — Spacecraft"), (
        f"{stop}: Artifact — Spacecraft parses otherwise")
    assert again.index == head.index, f"{stop}: the vocabulary's index differs"


# --- the keywords revision undone and done again (was tests/test_keywords.py) ----------------


def keywords_below_the_revision(walk: Walk) -> None:
    # Nothing to check here: that the revisions after it load again as at head is checked
    # back at head (what a database behind it answers: tests/test_keywords.py).
    migrate.downgrade(walk.engine, revision_before("keywords"))


def keywords_back_at_head(walk: Walk, now: dict[str, object], shared_head: Engine) -> None:
    assert now == fingerprint(shared_head), (
        "back at head: the keywords revision (and those after it) did not load again as at "
        "the session's head")
    with walk.engine.connect() as connection:
        count = connection.execute(text("SELECT count(*) FROM keyword")).scalar()
    assert count is not None and count > 300, f"back at head: {count} keywords"


# --- reading behind head, relative downgrades (was tests/test_newcomer.py) -------------------


def newcomer_one_step_down(walk: Walk) -> None:
    # `downgrade -1` from head: the walk's first step.
    code, out, err = walk.cli("downgrade", "-1")
    assert (code, err) == (0, "") and out.endswith(f"is at {walk.chain[-2]}\n"), (
        f"downgrade -1 from head, to {walk.chain[-2]}: {code} {out!r} {err!r}")


def newcomer_behind_head(walk: Walk) -> None:
    stop = "at cr_2024_04_12"
    code, out, err = walk.cli("downgrade", "cr_2024_04_12")
    assert code == 0, f"downgrade to cr_2024_04_12: {err}"
    code, out, err = walk.cli("check", "tribal", "--format", "json")
    assert code == 0 and json.loads(out)["release"] == "2024-04-12", (
        f"{stop}: check tribal: {code} {out!r} {err!r}")
    lines = err.splitlines()  # one line, however many queries the command made
    assert len(lines) == 1, f"{stop}: check tribal warned {len(lines)} lines: {err!r}"
    [warning] = lines
    assert warning.startswith("rulesdb: warning: ") and "cr_2024_04_12" in warning, (
        f"{stop}: {warning!r}")
    assert f"head {migrate.head_revision()}" in warning, f"{stop}: {warning!r}"
    # sql on PostgreSQL runs as a grant-read role (it refuses the owner), granted only now, on
    # the database as it is at this stop.
    reader = None if walk.backend == "sqlite" else url_text(
        walk.request.getfixturevalue("reader_url"))
    code, out, err = walk.cli("sql", "SELECT MAX(effective_date) AS d FROM release",
                              "--format", "csv", db=reader)
    assert (code, out) == (0, "d\n2024-04-12\n") and "rulesdb: warning: " in err, (
        f"{stop}: sql as a reader: {code} {out!r} {err!r}")

    stop = "at cr_2024_02_02 (downgrade -2)"
    code, _, err = walk.cli("downgrade", "-2")
    assert code == 0, f"downgrade -2 from cr_2024_04_12: {err}"
    current = walk.cli("current")[1]
    assert current.startswith("cr_2024_02_02 (head is"), f"{stop}: current says {current!r}"
    # Anything else that looks like an option is still refused.
    code, _, err = walk.cli("downgrade", "--steps")
    assert code == 2 and err == "rulesdb: error: No such option '--steps'.\n", (
        f"{stop}: downgrade --steps: {code} {err!r}")

    stop = "at cr_2024_03_08 (upgrade +1)"
    code, _, err = walk.cli("upgrade", "+1")
    assert code == 0, f"upgrade +1 from cr_2024_02_02: {err}"
    current = walk.cli("current")[1]
    assert current.startswith("cr_2024_03_08 (head is"), f"{stop}: current says {current!r}"


# --- a kill inside a release of a database in use (was tests/test_interrupted.py) ------------


def last_release() -> tuple[str, str]:
    """The last release revision in the chain, and the revision before it."""
    last, below, _ = next(entry for entry in reversed(migrate.history())
                          if entry[0].startswith("cr_"))
    assert below is not None
    return last, below


def day_of(revision: str) -> date:
    return date(*map(int, revision.removeprefix("cr_").split("_")))


def kill_in_the_last_release(walk: Walk) -> None:
    """Below the last release (and what follows it), a real ``rulesdb upgrade`` held after
    loading it, looked at and SIGKILLed: it leaves nothing. (That the next upgrade completes
    is checked back at head: the walk's upgrade loads the release again.)"""
    last, below = last_release()
    stop = f"at {below}, killed after {last}"
    # Fingerprints, not dumps: each compares a database with one on the same backend.
    migrate.downgrade(walk.engine, below)
    walk.engine.dispose()  # no connection of this process beside the upgrade's
    before = fingerprint_url(walk.url)

    process = start_held_upgrade(walk.url, last)
    try:
        # Rows of the last release are inserted but uncommitted: another connection sees none.
        seen = release_view(walk.url, day_of(last))
        assert seen is not None and set(seen.values()) == {0}, f"{stop}: another sees {seen}"
        # ... while it still reads the committed releases (one release's writes stay in
        # SQLite's page cache, so readers are not locked out).
        earlier = release_view(walk.url, date(2020, 8, 7))
        assert earlier is not None and earlier["release"] == 1, (
            f"{stop}: another reads 2020-08-07 as {earlier}")
    finally:
        kill(process)

    assert assert_consistent(walk.url) != last, f"{stop}: the killed release is in"
    assert fingerprint_url(walk.url) == before, f"{stop}: the killed run left something"


def kill_back_at_head(now: dict[str, object], clean: dict[str, object]) -> None:
    assert now == clean, "back at head: the upgrade after the kill differs from the copy at head"


# --- an older release appended after the notes schema (was tests/test_archive_chain.py) ------


def appended_older_release(walk: Walk, tmp_path: Path) -> None:
    """On a copy of the chain cut back to before the archive, the database at that chain's
    head gains an appended older release by a plain upgrade and loses exactly it by a
    downgrade. (Processes of their own: another checkout's chain, tests/test_releasing.py.)"""
    stop = f"at {NOTES_SCHEMA}, an older release appended"
    checkout = pre_archive_checkout(tmp_path)
    url = url_text(walk.url)
    migrate.downgrade(walk.engine, NOTES_SCHEMA)
    walk.engine.dispose()
    before = fingerprint_url(walk.url)
    code, _, err = walk.cli("new-release", str(archive_file(WITH_NOTE)), "--root",
                            str(checkout.root))
    assert code == 0, f"{stop}: new-release: {err}"
    rulesdb(["--db", url, "upgrade"], checkout.root)
    with walk.engine.connect() as connection:  # as the owner: `sql` runs only as a reader
        notes = connection.execute(text(
            "SELECT release_date, rule, kind FROM v_release_note "
            "WHERE release_date < '2016-01-01'")).all()
    walk.engine.dispose()
    assert [(str(day), rule, kind) for day, rule, kind in notes] == [
        ("2012-06-01", "205.2a", "card-type-disagreement")], f"{stop}: notes {notes}"
    listed = json.loads(rulesdb(["--db", url, "releases", "--format", "json"],
                                checkout.root).stdout)
    assert listed[0]["effective_date"] == "2012-06-01", f"{stop}: releases {listed[:1]}"
    rulesdb(["--db", url, "downgrade", NOTES_SCHEMA], checkout.root)
    assert fingerprint_url(walk.url) == before, (
        f"{stop}: the downgrade did not remove exactly the appended release")


# --- the walk --------------------------------------------------------------------------------


def walk_down(walk: Walk, stops: list[tuple[str, str, Callable[[], None]]]) -> None:
    """Each stop (revision, concern, checks) in chain order, highest first; stops at the same
    revision in the order given. Each stop's checks take the walk there themselves."""
    ordered = sorted(stops, key=lambda stop: -walk.chain.index(stop[0]))
    for revision, concern, checks in ordered:
        where = walk.position()
        assert where >= walk.chain.index(revision), (
            f"stop {revision} ({concern}) is above where the walk is, "
            f"{walk.chain[where]}: the stops before it went too far down")
        try:
            checks()
        except BaseException as exc:  # pytest.fail's exception too
            exc.add_note(f"on the walk down: stop {revision}, {concern}")
            raise


@pytest.mark.slow  # the heavy revisions at the top of the chain, down once and up once
def test_one_walk_down_the_chain_and_back(
        backend: str, head_url: URL, head_engine: Engine, empty_url: URL,
        shared_head_engine: Engine, request: pytest.FixtureRequest,
        capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    chain = [revision for revision, _, _ in migrate.history()]
    walk = Walk(backend, head_url, head_engine, chain, request, capsys)
    assert walk.position() == len(chain) - 1, "the copy is not at head"

    # 1. At head: what each concern compares with back at head.
    created, views_head = views_at_head(walk, empty_url)
    vocabulary_head, releases = vocabulary_at_head(walk)
    clean = fingerprint(head_engine)

    # 2. Down: each concern's stops (the CLI's `downgrade -1` is from head, so first).
    walk_down(walk, [
        (chain[-2], "the CLI: downgrade -1 from head",
         lambda: newcomer_one_step_down(walk)),
        (revision_before("keywords"), "keywords: below the revision",
         lambda: keywords_below_the_revision(walk)),
        (last_release()[1], "a kill in the last release",
         lambda: kill_in_the_last_release(walk)),
        (NOTES_SCHEMA, "an older release appended after the notes schema",
         lambda: appended_older_release(walk, tmp_path)),
        ("constraint_names", "views: before views_in_force",
         lambda: views_before_views_in_force(walk, created)),
        (str(releases[-2]["revision"]), "the vocabulary cache: one release down",
         lambda: vocabulary_one_release_down(walk, releases)),
        ("cr_2025_06_06", "the vocabulary cache: before Spacecraft",
         lambda: vocabulary_before_spacecraft(walk)),
        ("cr_2024_04_12", "the CLI: behind head, relative steps",
         lambda: newcomer_behind_head(walk)),
    ])

    # 3. One upgrade to head, and every concern back as it was.
    migrate.upgrade(head_engine)
    views_back_at_head(walk, views_head)
    vocabulary_back_at_head(walk, vocabulary_head)
    now = fingerprint(head_engine)
    keywords_back_at_head(walk, now, shared_head_engine)
    kill_back_at_head(now, clean)
