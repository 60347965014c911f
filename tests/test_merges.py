"""Curated subtype merges and replacements (authoring/curated/merges.toml, table
subtype_merge): each entry agrees with the releases on both sides of it, travels in the seed
of the release that drops the old name, the database holds exactly the file's entries (a row
for each type a merged type's cards took), and check, history and a release's downgrade
answer with them. Both backends."""

from __future__ import annotations

import json
import tomllib
from collections import Counter
from datetime import date

import pytest
from sqlalchemy import Engine, text
from sqlalchemy.engine import URL

from rulesdb.authoring.curated import later_targets, load_merges, load_renames, merge_targets
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
        "later": [],
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
        "later": [],
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


# Wizards' table of the Grand Creature Type Update, its rows copied from the article of
# 2007-09-26 (the fixture names it): what the update itself did, dated 2007-10-01.
GRAND_TABLE = tomllib.loads(
    (ROOT / "tests" / "fixtures" / "grand_creature_type_update_2007.toml").read_text("utf-8")
)


def _folded(name: str) -> str:
    """A type's name as the table and the CR both spell it: ’ and ' alike, the table's stray
    space ("Lady-of-Proper- Etiquette") gone."""
    return name.replace("\u2019", "'").replace(" ", "")


def _table_replacement(name: str) -> list[str] | None:
    """The types the table's rows for ``name`` took in its place: each row's new types (its
    "named ..." left out) less the other types it had; where the rows differ, those at least
    two thirds of them took. None when the table has no row for it."""
    rows = [
        row
        for row in GRAND_TABLE["rows"]
        if _folded(name) in {_folded(word) for word in row[2].split()}
    ]
    if not rows:
        return None
    took: Counter[str] = Counter()
    for _card, _printed, current, new, _set in rows:
        gained = [] if new == "[nothing]" else new.split(" named ")[0].split()
        kept = {word for word in current.split() if _folded(word) != _folded(name)}
        took.update(set(gained) - kept)
    return sorted(word for word, count in took.items() if 3 * count >= 2 * len(rows))


def test_the_2007_replacements_follow_wizards_table() -> None:
    """Each of the update's 145 entries says what the table says its cards took on
    2007-10-01, or says why not; what a later Oracle made of them is a separate fact."""
    grand = [m for m in load_merges() if m["effective_date"] == date(2007, 10, 1)]
    assert len(grand) == 145
    assert {_folded(m["from"]) for m in grand} == {
        _folded(name) for name in GRAND_TABLE["eliminated"]
    }
    equal, explained = 0, []
    for merge in grand:
        table = _table_replacement(merge["from"])
        if table is None:  # the Un- types: dropped from the list, their cards not re-typed
            assert merge_targets(merge) == [] and "'Un- Types'" in merge["source"], merge
            equal += 1
        elif sorted(merge_targets(merge)) == table:
            equal += 1
        else:
            assert len(merge.get("table_differs", "")) > 40, (merge["from"], table)
            explained.append(merge["from"])
        later = later_targets(merge)
        if later:  # a second fact, dated after the update, never the same as the dated one
            assert sorted(later) != sorted(merge_targets(merge)), merge["from"]
            assert merge["later"]["as_of"] > merge["effective_date"] and merge["later"]["source"]
    assert (equal, explained) == (144, ["Hero"])
    dated = {m["from"]: merge_targets(m) for m in grand}
    assert dated["Entity"] == ["Beast"] and dated["Niall-Silvain"] == ["Elemental"]
    assert dated["Walking-Dead"] == ["Skeleton"] and dated["Legionnaire"] == ["Human", "Soldier"]
    for name in ("Ali-Baba", "Caravan", "El-Hajjâj", "Inquisitor", "Maiden"):
        assert dated[name] == ["Human"], name
    assert {m["from"]: later_targets(m) for m in grand if later_targets(m)} == {
        "Ali-Baba": ["Human", "Rogue"],
        "Caravan": ["Human", "Nomad"],
        "El-Hajjâj": ["Human", "Wizard"],
        "Entity": ["Illusion"],
        "Fungusaur": ["Fungus", "Dinosaur"],
        "Inquisitor": ["Human", "Cleric"],
        "Legionnaire": ["Giant", "Soldier"],
        "Maiden": ["Human", "Bird"],
        "Niall-Silvain": ["Ouphe"],
        "Walking-Dead": ["Zombie"],
    }


def test_the_later_fact_travels_in_the_seed_and_the_database(shared_head_engine: Engine) -> None:
    expected = {
        (m["effective_date"], m["category"], m["from"], target, m["later"]["as_of"])
        for m in load_merges()
        for target in later_targets(m)
    }
    carried = {
        (
            date.fromisoformat(seed["effective_date"]),
            m["category"],
            m["from"],
            m["to"],
            date.fromisoformat(m["as_of"]),
        )
        for path in sorted((ROOT / "seeds").glob("cr_*.json"))
        for seed in [json.loads(path.read_bytes())]
        for m in seed["merges_later"]
    }
    assert carried == expected and len(expected) == 17
    with shared_head_engine.connect() as connection:
        stored = {
            tuple(
                value
                if not isinstance(value, str) or index not in (0, 4)
                else date.fromisoformat(value)
                for index, value in enumerate(row)
            )
            for row in connection.execute(
                text(
                    "SELECT release_date, category, old_name, new_name, as_of "
                    "FROM subtype_merge_later"
                )
            )
        }
    assert stored == expected


def test_check_and_history_give_the_dated_replacement_then_the_later_one(
    shared_head_url: URL, capsys: pytest.CaptureFixture[str]
) -> None:
    db = ["--db", str(shared_head_url)]
    code, out, _ = run_cli([*db, "check", "Entity", "--format", "json"], capsys)
    went = json.loads(out)["successor"]
    assert code == 1 and (went["to"], went["release_date"]) == ("Beast", "2007-10-01")
    assert [(fact["to"], fact["as_of"]) for fact in went["later"]] == [("Illusion", "2022-04-25")]
    assert "Psionic Entity" in went["later"][0]["source"]
    code, out, _ = run_cli([*db, "check", "Walking-Dead", "--format", "table"], capsys)
    assert code == 1
    dated = out.index("merged into Skeleton on 2007-10-01 (212.3c)")
    assert out.index("later, its cards are Zombie in the Oracle of 2022-04-25") > dated
    code, out, _ = run_cli([*db, "history", "Niall-Silvain", "--format", "json"], capsys)
    [niall] = json.loads(out)
    assert code == 0 and [m["to"] for m in niall["merged_into"]] == ["Elemental"]
    assert [(fact["to"], fact["as_of"]) for fact in niall["later"]] == [("Ouphe", "2022-04-25")]
    code, out, _ = run_cli([*db, "history", "Niall-Silvain", "--format", "table"], capsys)
    assert out.index("merged into Elemental (2007-10-01)") < out.index(
        "later its cards Ouphe (2022-04-25 Oracle)"
    )
