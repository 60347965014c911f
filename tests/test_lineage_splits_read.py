"""What the read side makes of a rule split off another (rule_link how "split", issue 51):
its history goes back through its source, the source maps forward to its own successor and
is not renumbered to the split-off, and the digest says where the new rule came from.

The small chain (tests/support/smalldb.py) is copied and one of 2026-08-07's new rules made
a split, as the loader writes one: the new rule's own link, naming its source, the new rule
beginning a lineage of its own (a split is a new rule for the lineage)."""

from __future__ import annotations

import shutil
from collections import Counter
from collections.abc import Iterator
from datetime import date
from pathlib import Path

import pytest
from sqlalchemy import Engine, text

from rulesdb.questions.changes import changes
from rulesdb.questions.lineage import check_citations
from rulesdb.questions.renumbering import renumber_map
from rulesdb.questions.rulebook import rule_history
from rulesdb.questions.rulebook_diff import rule_diff
from rulesdb.questions.shown import rule_history as shown_history
from rulesdb.store.engine import make_engine

BEFORE, AFTER = date(2026, 6, 19), date(2026, 8, 7)
CARVED, SOURCE = "702.195b", "702.194b"  # a new keyword's rule, and a rule that continues


@pytest.fixture(scope="module")
def split_engine(_small_sqlite: Path, tmp_path_factory: pytest.TempPathFactory) -> Iterator[Engine]:
    path = tmp_path_factory.mktemp("split") / "small.sqlite3"
    shutil.copyfile(_small_sqlite, path)
    engine = make_engine(f"sqlite:///{path}")
    with engine.begin() as connection:
        changed = connection.execute(
            text(
                "UPDATE rule_link SET how = 'split', from_number = :source, "
                "from_occurrence = 1, similarity = 0.9 "
                "WHERE release_date = :day AND number = :number AND how = 'new'"
            ),
            {"source": SOURCE, "day": AFTER, "number": CARVED},
        ).rowcount
    assert changed == 1
    yield engine
    engine.dispose()


def test_a_split_rule_s_history_goes_back_through_its_source(split_engine: Engine) -> None:
    versions = rule_history(split_engine, CARVED, AFTER)
    own = [v for v in versions if v.number == CARVED]
    assert [(v.how, v.from_number, v.first_release) for v in own] == [
        ("split", SOURCE, AFTER.isoformat())
    ]
    earlier = versions[: versions.index(own[0])]
    assert earlier and {v.number for v in earlier} == {SOURCE}
    assert all(v.last_release < AFTER.isoformat() for v in earlier)
    assert own[0].lineage != earlier[-1].lineage  # the source goes on in its own lineage
    markdown = shown_history(CARVED, versions).markdown or ""
    assert f"(split from {SOURCE} on {AFTER.isoformat()})" in markdown
    # The source's own history does not go on into the rule split off it.
    assert {v.number for v in rule_history(split_engine, SOURCE, AFTER)} == {SOURCE}


def test_no_rule_maps_forward_twice(split_engine: Engine) -> None:
    found = renumber_map(split_engine, BEFORE, AFTER)
    sources = Counter(row["from"] for row in found.rows)
    assert not [rule for rule, count in sources.items() if count > 1]
    targets = Counter(row["to"] for row in found.rows if row["status"] in ("same", "renumbered"))
    assert not [rule for rule, count in targets.items() if count > 1]
    row = next(row for row in found.rows if row["from"] == SOURCE)
    assert (row["to"], row["status"]) == (SOURCE, "same")  # its successor, not its split-off
    assert CARVED not in {row["to"] for row in found.rows}


def test_a_split_is_no_renumbering_of_its_source(split_engine: Engine) -> None:
    checked = check_citations(split_engine, [SOURCE], AFTER, since=BEFORE)[SOURCE]
    assert checked.status in ("fine", "changed") and checked.now is None


def test_the_digest_says_where_a_split_rule_came_from(split_engine: Engine) -> None:
    digest = changes(split_engine, BEFORE, AFTER)
    [added] = [r for r in digest.rules if r.number == CARVED]
    assert (added.change, added.split_from, added.releases) == (
        "added",
        SOURCE,
        [AFTER.isoformat()],
    )
    assert added.to_json()["split_from"] == SOURCE
    assert f"{CARVED} added (split from {SOURCE})" in digest.to_text()


def test_rule_diff_says_where_a_split_rule_came_from(split_engine: Engine) -> None:
    found = rule_diff(split_engine, BEFORE, AFTER)
    assert CARVED in found.added and found.split_from == {CARVED: SOURCE}
    assert found.to_json()["split_from"] == {CARVED: SOURCE}
    assert f"- **{CARVED}** (split from {SOURCE}) " in found.to_markdown()
    assert rule_diff(split_engine, AFTER, BEFORE).split_from == {}  # backwards: no split
