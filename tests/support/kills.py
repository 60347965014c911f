"""What the kill tests hold, look at and kill: an upgrade held after a revision in a real process,
what other connections see meanwhile."""

from __future__ import annotations

import re
import signal
import subprocess
import sys
from dataclasses import dataclass
from datetime import date

import pytest
from sqlalchemy import create_engine, text
from sqlalchemy.engine import URL
from sqlalchemy.exc import OperationalError, ProgrammingError

from rulesdb.store import chain
from rulesdb.store.engine import make_engine
from tests.settings import ROOT
from tests.support.databases import url_text
from tests.support.dumps import dump
from tests.support.held_upgrade import HELD
from tests.support.pgurl import PG_URL as PG_URL
from tests.support.runs import process_env

# Tables holding one release's rows, and the ones every loaded release must have rows in.
CHILD_TABLES = (
    "release_card_type",
    "release_supertype",
    "release_category",
    "release_category_card_type",
    "release_subtype",
    "basic_land_type",
    "subtype_reference",
    "supertype_reference",
    "rule_text",
    "card_type_rename",
    "subtype_rename",
)


# Every release lists card types and has rule text; the other lists may be absent from a release
# (1999-2003 list no supertypes, 2003-07-01 no subtypes at all), never from every release.
NEVER_EMPTY = ("release_card_type", "rule_text")


SOMETIMES_EMPTY = (
    "release_supertype",
    "release_category",
    "release_category_card_type",
    "release_subtype",
    "basic_land_type",
)


@dataclass
class HeldUpgrade:
    """An upgrade in a real process (tests/support/held_upgrade.py), held after a revision: how many
    releases its transaction holds there, written and not committed."""

    process: subprocess.Popen[str]
    releases: int = 0


def start_held_upgrade(url: URL, *revisions: str) -> HeldUpgrade:
    """The upgrade to head, to be held after each of ``revisions`` (in chain order), returned
    once it holds after the first; :func:`go_on` lets it run to the next."""
    held = HeldUpgrade(
        subprocess.Popen(
            [
                sys.executable,
                "-m",
                "tests.support.held_upgrade",
                url_text(url),
                ",".join(revisions),
            ],
            cwd=ROOT,
            stdin=subprocess.PIPE,
            stdout=subprocess.PIPE,
            stderr=subprocess.PIPE,
            text=True,
            env=process_env(),
        )
    )
    _held(held, revisions[0])
    return held


def go_on(held: HeldUpgrade, revision: str) -> None:
    """Let a held upgrade run on, and return once it holds after ``revision``."""
    assert held.process.stdin is not None
    held.process.stdin.write("go on\n")
    held.process.stdin.flush()
    _held(held, revision)


def _held(held: HeldUpgrade, revision: str) -> None:
    process = held.process
    assert process.stderr is not None
    said = []
    for line in process.stderr:  # blocks until the run reports, or ends
        found = re.fullmatch(re.escape(HELD.format(revision)) + r" \((\d+) releases .*\)\n", line)
        if found:
            held.releases = int(found[1])
            return
        said.append(line)
    process.wait(timeout=60)
    pytest.fail(f"upgrade never held after {revision} ({process.returncode}): {''.join(said)}")


def kill(held: HeldUpgrade) -> None:
    held.process.send_signal(signal.SIGKILL)
    held.process.communicate(timeout=60)


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
        revision = chain.current_revision(engine)
        if revision is None:
            assert dump(engine)["tables"] in ([], ["alembic_version"])
            return None
        with engine.connect() as connection:
            releases = connection.execute(
                text("SELECT effective_date, revision FROM release")
            ).all()
            loaded_days = {str(day) for day, _ in releases}
            for table in (*NEVER_EMPTY, *SOMETIMES_EMPTY):
                days = {
                    str(row[0])
                    for row in connection.execute(
                        text(f"SELECT DISTINCT release_date FROM {table}")
                    )
                }
                if table in NEVER_EMPTY:
                    assert days == loaded_days, table
                else:
                    assert days <= loaded_days, table  # no rows of a release not loaded
    finally:
        engine.dispose()
    revisions = [rev for rev, _, _ in chain.history()]
    loaded = revisions[: revisions.index(revision) + 1]
    assert sorted(rev for _, rev in releases) == sorted(r for r in loaded if r.startswith("cr_"))
    return revision
