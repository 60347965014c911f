"""Type lines (CR 205.1-205.4): grammar, correlation (205.3c), errors with citations, and the
round trip parse -> render -> parse, against every release on SQLite and PostgreSQL."""

from __future__ import annotations

from collections.abc import Callable, Iterator
from datetime import date

import pytest
from sqlalchemy.engine import URL

from rulesdb.errors import RulesdbError
from rulesdb.questions.listings import releases
from rulesdb.store.engine import make_engine
from rulesdb.vocabulary.loader import Vocabulary, load_vocabulary
from rulesdb.vocabulary.typeline import (
    ParsedSubtype,
    TypeLine,
    TypeLineError,
    parse_type_line,
)
from tests.support.databases import BACKENDS

At = Callable[[date | None], Vocabulary]


@pytest.fixture(scope="module", params=BACKENDS)
def at(request: pytest.FixtureRequest) -> Iterator[At]:
    """The vocabulary of the release in force on a day (None: the latest), per backend, from
    the session's database at head; each release's is loaded once, when a test first asks."""
    if request.param == "sqlite":
        url = URL.create("sqlite", database=str(request.getfixturevalue("_shared_head_sqlite")))
    else:
        url = request.getfixturevalue("_shared_head_pg")
    engine = make_engine(url)
    days = [date.fromisoformat(r["effective_date"]) for r in releases(engine)]
    loaded: dict[date, Vocabulary] = {}

    def vocab_at(day: date | None = None) -> Vocabulary:
        in_force = max(d for d in days if day is None or d <= day)
        if in_force not in loaded:
            loaded[in_force] = load_vocabulary(engine, in_force)
        return loaded[in_force]

    yield vocab_at
    engine.dispose()


def test_dryad_arbor_correlates_each_subtype_with_its_card_type(at: At) -> None:
    vocab = at(None)
    line = vocab.parse("Legendary Land Creature — Forest Dryad")
    assert line.valid
    assert line.supertypes == ("legendary",)
    assert line.card_types == ("land", "creature")
    assert line.subtypes == (
        ParsedSubtype("Forest", "land", ("land",)),
        ParsedSubtype("Dryad", "creature", ("creature",)),
    )
    assert line.render() == "Legendary Land Creature — Forest Dryad"
    assert line.to_json() == {
        "line": "Legendary Land Creature — Forest Dryad",
        "release": vocab.effective_date.isoformat(),
        "marker": None,
        "supertypes": ["legendary"],
        "card_types": ["land", "creature"],
        "subtypes": [
            {"name": "Forest", "category": "land", "card_types": ["land"]},
            {"name": "Dryad", "category": "creature", "card_types": ["creature"]},
        ],
        "valid": True,
        "errors": [],
        "undetermined": [],
    }


@pytest.mark.parametrize("dash", [" — ", "—", " —", "— ", " – ", " - ", "--", " -- ", "  —  "])
def test_dash_variants(at: At, dash: str) -> None:
    vocab = at(None)
    expected = vocab.parse("Land Creature — Forest Dryad")
    assert vocab.parse(f"Land Creature{dash}Forest Dryad") == expected


def test_a_hyphen_inside_a_word_is_no_dash(at: At) -> None:
    vocab = at(None)
    assert vocab.parse("Artifact Creature - Assembly-Worker").subtypes[0].name == "Assembly-Worker"
    assert vocab.parse("Land — Urza’s Power-Plant").valid
    glued = vocab.parse("Creature-Elf")
    assert not glued.valid and glued.card_types == ()


def test_case_apostrophes_and_spacing_do_not_matter(at: At) -> None:
    vocab = at(None)
    expected = vocab.parse("Legendary Land — Urza’s Tower")
    for variant in (
        "legendary land — urza's tower",
        "LEGENDARY LAND -- URZA`S TOWER",
        "  Legendary   Land —  Urza‘s  Tower  ",
        "Legendary\tLand\u00a0— Urza's Tower",
    ):
        assert vocab.parse(variant) == expected, variant
    assert expected.render() == "Legendary Land — Urza’s Tower"


def test_time_lord_is_one_subtype_where_the_release_lists_it(at: At) -> None:
    line = at(date(2023, 10, 13)).parse("Legendary Creature — Time Lord Doctor")
    assert line.valid
    assert [s.name for s in line.subtypes] == ["Time Lord", "Doctor"]
    assert at(date(2023, 10, 13)).parse("creature — time lord").subtypes == (
        ParsedSubtype("Time Lord", "creature", ("creature",)),
    )
    before = at(date(2023, 9, 1)).parse("Creature — Time Lord")
    assert not before.valid
    assert [s.name for s in before.subtypes] == ["Time", "Lord"]
    assert [e.message.split()[0] for e in before.errors] == ["'Time'", "'Lord'"]
    # From 2023-10-13 Time alone is a planar type: on a creature it fits no card type.
    alone = at(date(2023, 10, 13)).parse("Creature — Time")
    assert [e.rule for e in alone.errors] == ["205.3d"]


def test_a_planes_subtype_is_the_whole_text(at: At) -> None:
    vocab = at(None)
    for text in ("Bolas’s Meditation Realm", "The Abyss", "Serra’s Realm", "New Phyrexia"):
        line = vocab.parse(f"Plane — {text}")
        assert line.valid, line.errors
        assert line.subtypes == (ParsedSubtype(text, "planar", ("plane",)),)
    assert vocab.parse("plane -- bolas's   meditation realm") == vocab.parse(
        "Plane — Bolas’s Meditation Realm"
    )
    two = vocab.parse("Plane — Dominaria Ravnica")
    assert not two.valid
    assert two.errors == (
        TypeLineError(
            vocab.rule_of("planar"),
            "'Dominaria Ravnica' is not a planar type in the "
            f"release of {vocab.effective_date.isoformat()}",
        ),
    )


def test_spacecraft_correlates_with_whichever_card_type_fits(at: At) -> None:
    vocab = at(date(2025, 7, 25))
    assert vocab.parse("Artifact — Spacecraft").subtypes == (
        ParsedSubtype("Spacecraft", "artifact", ("artifact",)),
    )
    assert vocab.parse("Plane — Spacecraft").subtypes == (
        ParsedSubtype("Spacecraft", "planar", ("plane",)),
    )
    assert vocab.parse("Artifact Creature — Spacecraft Robot").valid
    old = at(date(2025, 6, 6)).parse("Artifact — Spacecraft")
    assert not old.valid and old.errors[0].rule == "205.3d"
    assert "Spacecraft is a planar type" in old.errors[0].message


def test_tribal_then_kindred(at: At) -> None:
    before, after = at(date(2024, 4, 12)), at(date(2024, 6, 7))
    tribal = before.parse("Tribal Instant — Elf")
    assert tribal.valid and tribal.subtypes == (ParsedSubtype("Elf", "creature", ("tribal",)),)
    assert not before.parse("Kindred Instant — Elf").valid
    kindred = after.parse("Kindred Sorcery — Elf Arcane")
    assert kindred.valid
    assert kindred.subtypes == (
        ParsedSubtype("Elf", "creature", ("kindred",)),
        ParsedSubtype("Arcane", "spell", ("sorcery",)),
    )
    renamed = after.parse("Tribal Instant — Elf")
    assert not renamed.valid
    assert [e.rule for e in renamed.errors] == ["205.4a", "205.3d"]
    assert "'Tribal'" in renamed.errors[0].message


def test_cephalid_until_2024_06_07(at: At) -> None:
    assert at(date(2024, 4, 12)).parse("Creature — Cephalid Wizard").valid
    gone = at(date(2024, 6, 7)).parse("Creature — Cephalid Wizard")
    assert [e.message for e in gone.errors] == [
        "'Cephalid' is not a creature type in the release of 2024-06-07"
    ]


def test_205_3d_a_subtype_that_fits_no_card_type(at: At) -> None:
    vocab = at(None)
    line = vocab.parse("Creature — Merfolk Swamp")
    assert line.subtypes == (
        ParsedSubtype("Merfolk", "creature", ("creature",)),
        ParsedSubtype("Swamp", "land", ()),
    )
    assert line.errors == (
        TypeLineError(
            "205.3d",
            "Swamp is a land type; it corresponds to none of the line's card types (creature)",
        ),
    )
    assert vocab.parse("Instant — Elf").errors[0].rule == "205.3d"
    assert vocab.parse("Conspiracy — Elf").errors[0].rule == "205.3d"


def test_unknown_words_name_the_word_and_the_list_it_is_missing_from(at: At) -> None:
    vocab = at(None)
    day = vocab.effective_date.isoformat()
    truck = vocab.parse("Creature — Truck")
    assert truck.errors == (
        TypeLineError(
            vocab.rule_of("creature"), f"'Truck' is not a creature type in the release of {day}"
        ),
    )
    assert truck.subtypes == (ParsedSubtype("Truck", None, ()),)
    both = vocab.parse("Land Creature — Truck")
    assert both.errors[0].rule == f"{vocab.rule_of('land')}, {vocab.rule_of('creature')}"
    assert "not a land type or creature type" in both.errors[0].message
    assert vocab.parse("Conspiracy — Truck").errors[0].rule == "205.3d"
    # Before the dash: supertype position (a card type follows) or card type position.
    assert [e.rule for e in vocab.parse("Mythic Creature").errors] == ["205.4a"]
    assert [e.rule for e in vocab.parse("Creature Mythic").errors] == ["205.2a"]
    assert "'Mythic' is neither a card type" in vocab.parse("Creature Mythic").errors[0].message


def test_structural_errors(at: At) -> None:
    vocab = at(None)

    def rules(line: str) -> list[str]:
        return [e.rule for e in vocab.parse(line).errors]

    assert rules("") == ["205.1"]
    assert rules("   ") == ["205.1"]
    assert rules("Legendary") == ["205.1"]
    assert rules("— Elf") == ["205.1", "205.3d"]
    assert rules("Creature Legendary — Elf") == ["205.4a"]
    assert rules("Legendary Legendary Creature") == ["205.4a"]
    assert rules("Creature Creature") == ["205.2a"]
    assert rules("Creature — Elf Elf") == ["205.3b"]
    assert rules("Creature Elf") == ["205.3b"]
    assert rules("Creature —") == ["205.3b"]
    assert rules("Creature — Elf — Warrior") == ["205.3b"]
    assert rules("'; DROP TABLE release; --")[-2:] == ["205.1", "205.3b"]


def test_only_non_text_raises(at: At) -> None:
    vocab = at(None)
    for bad in (None, 3, b"Creature", ["Creature"]):
        with pytest.raises(RulesdbError, match=r"text|word"):
            vocab.parse(bad)  # type: ignore[arg-type]
        with pytest.raises(RulesdbError):
            parse_type_line(bad, vocab)  # type: ignore[arg-type]


def test_parse_is_memoised_and_equal_to_the_uncached_path(at: At) -> None:
    vocab = at(None)
    line = "Legendary Artifact Creature — Equipment Golem"
    assert vocab.parse(line) is vocab.parse(line)
    assert vocab.parse(line) == parse_type_line(line, vocab)
    assert vocab.parse(line).release == vocab.effective_date


EXAMPLES = [
    "Legendary Land Creature — Forest Dryad",
    "Basic Snow Land — Swamp",
    "Artifact — Equipment",
    "Legendary Planeswalker — Jace",
    "Enchantment — Aura Curse",
    "Instant — Arcane",
    "Kindred Instant — Elf",
    "Tribal Sorcery — Goblin",
    "Battle — Siege",
    "Dungeon — Undercity",
    "Plane — The Abyss",
    "Creature — Human Wizard",
    "Artifact Creature — Time Lord Doctor",
    "Legendary Enchantment Creature — God",
    "Land",
    "Sorcery",
    "Scheme",
    "Ongoing Scheme",
    "World Enchantment",
    "Vanguard",
    "Phenomenon",
    "Conspiracy",
    "Legendary Artifact — Vehicle",
]


@pytest.mark.parametrize("day", [date(2016, 7, 22), date(2021, 7, 23), date(2024, 4, 12), None])
def test_every_valid_line_round_trips(at: At, day: date | None) -> None:
    vocab = at(day)
    valid = 0
    for example in EXAMPLES:
        line = vocab.parse(example)
        again = vocab.parse(line.render())
        assert isinstance(line, TypeLine)
        if line.valid:
            valid += 1
            assert again == line, example
            assert line.render() == example
    assert valid >= 15


def test_a_line_names_its_release(at: At) -> None:
    assert at(date(2020, 1, 1)).parse("Creature — Elf").to_json()["release"] == "2019-10-04"
