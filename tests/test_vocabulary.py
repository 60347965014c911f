"""Membership, correlation (205.3c-e) and subtype choice against the real release chain,
on SQLite and PostgreSQL; and the per-release cache that must never answer from a stale
release."""

from __future__ import annotations

from datetime import date

import pytest
from sqlalchemy import event, text

from rulesdb.errors import RulesdbError
from rulesdb.questions import listings
from rulesdb.store import migrate
from rulesdb.store.engine import make_engine
from rulesdb.vocabulary.loader import UnknownCategory, Vocabulary, load_vocabulary
from tests.support.data import cr_file

KINDRED_RELEASE = date(2024, 6, 7)  # tribal renamed kindred (curated/renames.toml)
BEFORE_KINDRED = date(2024, 4, 12)


def test_tribal_and_kindred_are_card_types_in_turn(shared_head_engine) -> None:
    before = load_vocabulary(shared_head_engine, BEFORE_KINDRED)
    after = load_vocabulary(shared_head_engine, KINDRED_RELEASE)
    assert before.effective_date == BEFORE_KINDRED and after.effective_date == KINDRED_RELEASE
    assert before.is_card_type("tribal") and not before.is_card_type("kindred")
    assert after.is_card_type("Kindred") and not after.is_card_type("TRIBAL")
    assert before.card_types_of("creature") == ["creature", "tribal"]
    assert after.card_types_of("creature") == ["creature", "kindred"]
    assert after.card_types_of("spell") == ["instant", "sorcery"]


def test_release_in_force_is_the_latest_on_or_before_the_date(shared_head_engine) -> None:
    assert load_vocabulary(shared_head_engine, date(2024, 6, 6)).effective_date == BEFORE_KINDRED
    assert load_vocabulary(shared_head_engine, "2024-06-07").effective_date == KINDRED_RELEASE
    latest = listings.release_in_force(shared_head_engine)
    assert load_vocabulary(shared_head_engine).effective_date == latest
    assert load_vocabulary(shared_head_engine, date(2100, 1, 1)).effective_date == latest
    with pytest.raises(RulesdbError, match="no release was in force on 1999-04-22"):
        load_vocabulary(shared_head_engine, date(1999, 4, 22))


def test_time_lord_is_one_creature_type_from_2023_10_13(shared_head_engine) -> None:
    before = load_vocabulary(shared_head_engine, date(2023, 10, 12))
    assert not before.is_subtype("Time Lord", "creature")
    vocab = load_vocabulary(shared_head_engine, date(2023, 10, 13))
    assert vocab.is_subtype("time lord", "creature")
    assert not vocab.is_subtype("Time", "creature")  # Time is a planar type
    assert vocab.categories_of("Time") == ["planar"]
    assert vocab.canonical("TIME  LORD", "creature") == "Time Lord"


def test_spacecraft_is_an_artifact_type_too_from_2025_07_25(shared_head_engine) -> None:
    before = load_vocabulary(shared_head_engine, date(2025, 7, 24))
    after = load_vocabulary(shared_head_engine, date(2025, 7, 25))
    assert before.categories_of("Spacecraft") == ["planar"]
    assert after.categories_of("spacecraft") == ["artifact", "planar"]
    assert [m.kind for m in after.describe("Spacecraft")] == ["artifact type", "planar type"]
    assert not before.can_gain(["artifact"], "Spacecraft")
    assert after.can_gain(["artifact"], "Spacecraft")
    assert after.can_gain("plane", "Spacecraft")
    assert not after.can_gain(["artifact"], "Spacecraft", "planar")


def test_cephalid_naga_viashino_were_dropped_on_2024_06_07(shared_head_engine) -> None:
    # From the data: the last release listing them is 2024-04-12.
    with shared_head_engine.connect() as connection:
        last = connection.execute(
            text(
                "SELECT name, max(release_date) FROM release_subtype "
                "WHERE name IN ('Cephalid', 'Naga', 'Viashino') GROUP BY name"
            )
        ).all()
    assert sorted((name, str(day)[:10]) for name, day in last) == [
        ("Cephalid", "2024-04-12"),
        ("Naga", "2024-04-12"),
        ("Viashino", "2024-04-12"),
    ]
    for name in ("Cephalid", "Naga", "Viashino"):
        assert load_vocabulary(shared_head_engine, BEFORE_KINDRED).is_subtype(name, "creature")
        assert not load_vocabulary(shared_head_engine, KINDRED_RELEASE).is_subtype(name)
        assert load_vocabulary(shared_head_engine, KINDRED_RELEASE).categories_of(name) == []


def test_cephalid_removal_matches_the_official_text() -> None:
    # The same fact read straight from the official files (skips without ../shared/cr).
    assert "Cephalid" in cr_file("20240412").read_text(encoding="utf-8")
    assert "Cephalid" not in cr_file("20240607").read_text(encoding="utf-8")


def test_lookups_fold_case_and_apostrophes(small_engine) -> None:
    vocab = load_vocabulary(small_engine)
    for spelling in ("urza's", "URZA’S", "Urza‘s", "urza`s", " Urza's "):
        assert vocab.is_subtype(spelling, "land"), spelling
        assert vocab.canonical(spelling, "land") == "Urza’s"
    assert vocab.canonical("c'tan", "subtype") == "C’tan"
    assert vocab.canonical("LEGENDARY", "supertype") == "legendary"
    assert vocab.canonical("Creature", "card type") == "creature"
    assert vocab.canonical("Merfolk") == "Merfolk"
    assert vocab.canonical("Merfolk", "land") is None
    assert vocab.is_supertype("Snow") and not vocab.is_supertype("creature")
    assert vocab.is_subtype("MERFOLK") and vocab.is_subtype("Merfolk", "Creature")
    assert not vocab.is_subtype("Merfolk", "land")


def test_every_listed_name_is_a_member_of_its_category(small_engine) -> None:
    day = date(2021, 3, 1)
    vocab = load_vocabulary(small_engine, day)
    rows = listings.subtypes(small_engine, as_of=day)
    assert rows
    for row in rows:
        assert vocab.is_subtype(row["name"], row["category"])
        assert row["category"] in vocab.categories_of(row["name"].upper())
        assert vocab.rule_of(row["category"]) == row["rule"]
    engine = small_engine
    assert list(vocab.card_types) == [r["name"] for r in listings.card_types(engine, day)]
    assert list(vocab.supertypes) == [r["name"] for r in listings.supertypes(engine, day)]


def test_unknown_category_is_an_error(small_engine) -> None:
    vocab = load_vocabulary(small_engine)
    for call in (
        lambda: vocab.is_subtype("Merfolk", "creatures"),
        lambda: vocab.card_types_of("truck"),
        lambda: vocab.check_choice("Merfolk", "tribal"),
        lambda: vocab.can_gain(["creature"], "Elf", "bogus"),
        lambda: vocab.canonical("Elf", "nope"),
    ):
        with pytest.raises(UnknownCategory, match="unknown category"):
            call()
    # A category of later releases only: unknown to this release, a plain "no" when asked
    # with the categories other releases have.
    old = load_vocabulary(small_engine, date(2020, 1, 24))
    assert "battle" not in old.categories
    with pytest.raises(RulesdbError, match="battle"):
        old.is_subtype("Siege", "battle")
    report = old.explain("Siege", "battle", other_categories=listings.category_names(small_engine))
    assert not report.valid and "has no battle types" in report.reason


def test_205_3e_choices(small_engine) -> None:
    vocab = load_vocabulary(small_engine)
    creature_rule = vocab.rule_of("creature")
    choice = vocab.check_choice("merfolk", "creature")
    assert choice and choice.name == "Merfolk" and choice.rule == creature_rule
    assert vocab.check_choice("time lord", "creature").name == "Time Lord"
    wizard = vocab.check_choice("Merfolk Wizard", "creature")
    assert not wizard and wizard.rule == "205.3e"
    assert "2 subtypes (Merfolk, Wizard)" in wizard.reason and "only one" in wizard.reason
    swamp = vocab.check_choice("Swamp", "creature")
    assert not swamp and "Swamp is a land type" in swamp.reason
    artifact = vocab.check_choice("artifact", "creature")
    assert not artifact and "artifact is a card type" in artifact.reason
    truck = vocab.check_choice("truck", "creature")
    assert not truck and "'truck' is not one of the creature types" in truck.reason
    assert creature_rule in truck.reason
    assert not vocab.check_choice("", "creature")
    assert vocab.check_choice("Swamp", "land")


def test_205_3d_can_gain(small_engine) -> None:
    vocab = load_vocabulary(small_engine)
    assert vocab.can_gain(["artifact", "creature"], "Equipment")
    assert vocab.can_gain("Artifact Creature", "Golem")
    assert not vocab.can_gain(["creature"], "Equipment")
    assert vocab.can_gain(["kindred", "instant"], "Elf")
    assert vocab.can_gain(["sorcery"], "Arcane")
    assert not vocab.can_gain(["land"], "Elf")
    assert not vocab.can_gain(["creature"], "truck")
    with pytest.raises(RulesdbError, match="'truck' is not a card type"):
        vocab.can_gain(["truck"], "Elf")


def test_explain_says_what_a_word_is(small_engine) -> None:
    vocab = load_vocabulary(small_engine)
    merfolk = vocab.explain("merfolk")
    assert merfolk.valid and merfolk.rule == vocab.rule_of("creature")
    assert merfolk.to_json() == {
        "word": "merfolk",
        "release": vocab.effective_date.isoformat(),
        "category": None,
        "valid": True,
        "meanings": [
            {
                "kind": "creature type",
                "name": "Merfolk",
                "category": "creature",
                "rule": vocab.rule_of("creature"),
            }
        ],
        "rule": vocab.rule_of("creature"),
        "reason": None,
        "successor": None,
        "not_enumerated": [],
        "keyword": None,
        "nearest": [],
    }
    assert vocab.explain("Legendary").meanings[0].kind == "supertype"
    assert vocab.explain("instant").meanings[0].rule == vocab.card_type_rule == "205.2a"
    assert not vocab.explain("'; DROP TABLE release; --").valid
    assert "2 subtypes" in vocab.explain("Merfolk Wizard").reason
    swamp = vocab.explain("Swamp", "creature")
    assert not swamp.valid and swamp.meanings[0].kind == "land type"


def test_bad_input_raises_rulesdb_error_only(small_engine) -> None:
    vocab = load_vocabulary(small_engine)
    for call in (
        lambda: vocab.is_subtype(None),
        lambda: vocab.is_subtype(["Elf"]),
        lambda: vocab.is_card_type(3),
        lambda: vocab.is_subtype("Elf", ["creature"]),
        lambda: vocab.parse(None),
        lambda: vocab.parse(["Creature"]),
        lambda: vocab.can_gain(5, "Elf"),
        lambda: load_vocabulary("sqlite://"),
        lambda: load_vocabulary(small_engine, "yesterday"),
        lambda: load_vocabulary(small_engine, 20240607),
    ):
        with pytest.raises(RulesdbError):
            call()
    with pytest.raises(AttributeError, match="immutable"):
        vocab.effective_date = date(2000, 1, 1)


def test_a_database_without_releases_is_a_one_line_error(empty_url) -> None:
    engine = make_engine(empty_url)
    try:
        with pytest.raises(RulesdbError, match="cannot read the vocabulary"):
            load_vocabulary(engine)
        migrate.upgrade(engine, "0001_schema")
        with pytest.raises(RulesdbError, match="no release yet"):
            load_vocabulary(engine)
    finally:
        engine.dispose()


def test_a_warm_call_is_one_query_and_the_same_object(small_engine) -> None:
    statements: list[str] = []
    load_vocabulary(small_engine)
    # (the SQLite engine also sends BEGIN per connection: rulesdb.store.engine's transactional DDL)
    event.listen(
        small_engine,
        "before_cursor_execute",
        lambda *args: args[2] != "BEGIN" and statements.append(args[2]),
    )
    first = load_vocabulary(small_engine)
    second = load_vocabulary(small_engine)
    assert first is second
    assert len(statements) == 2, statements
    assert first.is_subtype("Merfolk", "creature") and len(statements) == 2


def test_a_release_reloaded_with_other_content_is_not_served_from_cache(head_engine) -> None:
    before = load_vocabulary(head_engine)
    assert before.is_subtype("Merfolk", "creature")
    # Hand-edit the release in force as a different seed would have loaded it.
    with head_engine.begin() as connection:
        connection.execute(
            text(
                "DELETE FROM release_subtype WHERE release_date = :day AND "
                "category = 'creature' AND name = 'Merfolk'"
            ),
            {"day": before.effective_date},
        )
        connection.execute(
            text("UPDATE release SET seed_sha256 = :sha WHERE effective_date = :day"),
            {"sha": "0" * 64, "day": before.effective_date},
        )
    after = load_vocabulary(head_engine)
    assert after is not before and after.seed_sha256 == "0" * 64
    assert not after.is_subtype("Merfolk", "creature")
    assert after.is_subtype("Elf", "creature")


def test_vocabulary_on_a_connection_inside_a_transaction(small_engine) -> None:
    with small_engine.connect() as connection:
        vocab = load_vocabulary(connection, BEFORE_KINDRED)
        assert vocab.is_card_type("tribal")
        assert load_vocabulary(connection, BEFORE_KINDRED) is vocab


def test_vocabulary_without_a_database() -> None:
    vocab = Vocabulary(
        date(2030, 1, 1),
        card_types={"creature": "205.2a", "land": "205.2a", "plane": "205.2a"},
        supertypes={"legendary": "205.4a"},
        categories={"land": "205.3i", "creature": "205.3m", "planar": "205.3n"},
        category_card_types={"land": ["land"], "creature": ["creature"], "planar": ["plane"]},
        subtypes={
            "land": ["Forest"],
            "creature": ["Dryad", "Time Lord"],
            "planar": ["Serra’s Realm"],
        },
    )
    assert vocab.categories == ("land", "creature", "planar")
    assert vocab.parse("Legendary Land Creature — Forest Dryad").valid
    assert vocab.parse("Creature — Time Lord Dryad").valid
    assert vocab.parse("plane - serra's realm").render() == "Plane — Serra’s Realm"
