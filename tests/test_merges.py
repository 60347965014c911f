"""Curated subtype merges and replacements (authoring/curated/merges.toml, table
subtype_merge): each entry agrees with the releases on both sides of it, travels in the seed
of the release that drops the old name, the database holds exactly the file's entries (a row
for each type a merged type's cards took), and check, history and a release's downgrade
answer with them. Both backends."""

from __future__ import annotations

import json
from datetime import date

import pytest
from sqlalchemy import Engine, text
from sqlalchemy.engine import URL

from rulesdb.authoring.curated import load_merges, load_renames, merge_targets
from rulesdb.store import migrate
from rulesdb.store.engine import make_engine
from tests.settings import ROOT
from tests.support.dumps import fingerprint
from tests.support.runs import run_cli


def _listed(engine: Engine, day: date, category: str) -> set[str]:
    with engine.connect() as connection:
        return set(
            connection.execute(
                text(
                    "SELECT name FROM release_subtype WHERE release_date = :day "
                    "AND category = :category"
                ),
                {"day": day, "category": category},
            ).scalars()
        )


def _release_before(engine: Engine, day: date) -> date:
    with engine.connect() as connection:
        found = connection.execute(
            text("SELECT max(effective_date) FROM release WHERE effective_date < :day"),
            {"day": day},
        ).scalar()
    return found if isinstance(found, date) else date.fromisoformat(found)


# The Grand Creature Type Update's published replacements, a few of its 89 (merges.toml).
GRAND_UPDATE = {
    ("Dog", "Hound"),
    ("Hyena", "Hound"),
    ("Jackal", "Hound"),
    ("Mammoth", "Elephant"),
    ("Cobra", "Snake"),
    ("Asp", "Snake"),
    ("Ant", "Insect"),
    ("Mummy", "Zombie"),
    ("Ghoul", "Zombie"),
}


def pairs() -> set[tuple[date, str, str, str, str]]:
    """Every (release, category, old name, new name, rule) the curated merges name."""
    return {
        (m["effective_date"], m["category"], m["from"], target, m["rule"])
        for m in load_merges()
        for target in merge_targets(m)
    }


def test_each_merge_matches_the_releases_around_it(shared_head_engine: Engine) -> None:
    merges = load_merges()
    assert {
        (m["from"], m["to"], m["effective_date"]) for m in merges if m["effective_date"].year > 2007
    } == {
        ("Hound", "Dog", date(2020, 7, 3)),
        ("Cephalid", "Octopus", date(2024, 6, 7)),
        ("Naga", "Snake", date(2024, 6, 7)),
        ("Viashino", "Lizard", date(2024, 6, 7)),
    }
    grand = {
        (m["from"], target)
        for m in merges
        if m["effective_date"] == date(2007, 10, 1)
        for target in merge_targets(m)
    }
    assert grand >= GRAND_UPDATE
    assert all(m.get("source") for m in merges if m["effective_date"].year == 2007)
    for merge in merges:
        day, category = merge["effective_date"], merge["category"]
        before = _listed(shared_head_engine, _release_before(shared_head_engine, day), category)
        after = _listed(shared_head_engine, day, category)
        assert merge["from"] in before and merge["from"] not in after, merge
        assert set(merge_targets(merge)) <= after, merge
    renamed = {(r["from"], r["effective_date"]) for r in load_renames()}
    assert not renamed & {(m["from"], m["effective_date"]) for m in merges}


def test_the_database_holds_the_curated_merges(shared_head_engine: Engine) -> None:
    with shared_head_engine.connect() as connection:
        found = {
            (day if isinstance(day, date) else date.fromisoformat(day), *rest)
            for day, *rest in connection.execute(
                text("SELECT release_date, category, old_name, new_name, rule FROM subtype_merge")
            )
        }
    assert found == pairs()


def test_check_answers_with_the_rename_or_merge(
    shared_head_url: URL, capsys: pytest.CaptureFixture[str]
) -> None:
    code, out, _ = run_cli(
        ["--db", str(shared_head_url), "check", "Dog", "--as-of", "2008-01-01", "--format", "json"],
        capsys,
    )
    assert code == 1
    assert json.loads(out)["successor"] == {
        "change": "merged",
        "kind": "subtype",
        "category": "creature",
        "from": "Dog",
        "to": "Hound",
        "to_all": ["Hound"],
        "release_date": "2007-10-01",
        "rule": "212.3c",
    }
    code, out, _ = run_cli(
        ["--db", str(shared_head_url), "check", "Tribal", "--format", "table"], capsys
    )
    assert code == 1 and out.endswith("; renamed kindred on 2024-06-07 (205.2a)\n")
    code, out, _ = run_cli(
        ["--db", str(shared_head_url), "check", "naga", "--format", "json"], capsys
    )
    assert code == 1
    assert json.loads(out)["successor"] == {
        "change": "merged",
        "kind": "subtype",
        "category": "creature",
        "from": "Naga",
        "to": "Snake",
        "to_all": ["Snake"],
        "release_date": "2024-06-07",
        "rule": "205.3m",
    }
    code, out, _ = run_cli(
        [
            "--db",
            str(shared_head_url),
            "check",
            "Naga",
            "--as-of",
            "2024-04-12",
            "--format",
            "json",
        ],
        capsys,
    )
    assert code == 0 and json.loads(out)["successor"] is None  # still listed then


def test_history_names_the_successor(
    shared_head_url: URL, capsys: pytest.CaptureFixture[str]
) -> None:
    code, out, _ = run_cli(
        ["--db", str(shared_head_url), "history", "Hound", "--format", "json"], capsys
    )
    [hound] = json.loads(out)
    assert code == 0 and hound["left"] == "2020-07-03"
    assert hound["merged_into"] == [{"release_date": "2020-07-03", "from": "Hound", "to": "Dog"}]
    assert hound["renamed_to"] == []
    code, out, _ = run_cli(
        ["--db", str(shared_head_url), "history", "Dog", "--format", "json"], capsys
    )
    [dog] = json.loads(out)
    # Merged into Hound by the Grand Creature Type Update, listed again when Hound merged back.
    assert code == 0 and dog["left"] is None
    assert {(m["release_date"], m["from"], m["to"]) for m in dog["merged_into"]} == {
        ("2007-10-01", "Dog", "Hound")
    }


def test_each_merge_travels_in_the_seed_of_its_release() -> None:
    carried = [
        (date.fromisoformat(seed["effective_date"]), m["category"], m["from"], m["to"], m["rule"])
        for path in sorted((ROOT / "seeds").glob("cr_*.json"))
        for seed in [json.loads(path.read_bytes())]
        for m in seed["merges"]
    ]
    assert len(carried) == len(set(carried)) and set(carried) == pairs()


def test_a_release_loads_and_unloads_its_merges(empty_url: URL) -> None:
    """Hound -> Dog comes with 2020-07-03 and goes with it: the database one release down is
    exactly as it was before."""
    engine = make_engine(empty_url)
    try:
        migrate.upgrade(engine, "cr_2020_06_01")
        before = fingerprint(engine)
        migrate.upgrade(engine, "+1")
        with engine.connect() as connection:
            merged = connection.execute(
                text("SELECT old_name, new_name FROM subtype_merge WHERE release_date >= :day"),
                {"day": date(2020, 1, 1)},
            ).all()
        assert [tuple(row) for row in merged] == [("Hound", "Dog")]
        migrate.downgrade(engine, "-1")
        assert fingerprint(engine) == before
    finally:
        engine.dispose()
