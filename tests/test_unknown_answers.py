"""Three answers, not two: where a release does not enumerate the category a word would belong
to (creature types before 2003-12-01, land types before 2004-10-01), `check`, `parse` and
`lint-cards` answer "unknown" with their own exit status (3), on both backends; a keyword is
said to be one; a misspelling gets the nearest names, in the CLI and on the web's 404 page."""

from __future__ import annotations

import asyncio
import json
from datetime import date
from pathlib import Path

import pytest
from sqlalchemy.engine import URL

from rulesdb.vocabulary.enumeration import not_enumerated, said_to_have_none
from rulesdb.vocabulary.loader import load_vocabulary
from tests.support.databases import url_text
from tests.support.runs import run_cli, run_in_process

UNKNOWN = 3


def check(head: URL, capsys: pytest.CaptureFixture[str], *args: str) -> tuple[int, dict]:
    code, out, err = run_cli(["--db", url_text(head), "check", "--format", "json", *args], capsys)
    assert err == ""
    return code, json.loads(out)


def test_check_is_unknown_where_the_release_lists_no_creature_types(
    shared_head_url: URL, capsys: pytest.CaptureFixture[str]
) -> None:
    code, report = check(shared_head_url, capsys, "Legend", "--as-of", "2002-01-01")
    assert code == UNKNOWN and report["valid"] is None
    assert report["release"] == "2001-09-24" and report["not_enumerated"] == ["creature", "land"]
    assert report["reason"].startswith(
        "unknown: the release of 2001-09-24 does not enumerate "
        "creature types or land types, which 'Legend' might be; "
        "it lists card types (212.1) and enchantment types"
    )
    code, report = check(
        shared_head_url, capsys, "Goblin", "--category", "creature", "--as-of", "2002-01-01"
    )
    assert code == UNKNOWN and report["not_enumerated"] == ["creature"]
    # The first release listing creature types answers yes; one with no such card type, no.
    assert check(shared_head_url, capsys, "Goblin", "--as-of", "2003-12-01")[0] == 0
    code, report = check(
        shared_head_url, capsys, "Jace", "--category", "planeswalker", "--as-of", "2002-01-01"
    )
    assert code == 1 and "has no planeswalker types" in report["reason"]
    # Every category listed: a word that is none is a plain no.
    code, report = check(
        shared_head_url, capsys, "Goblin", "--as-of", "2003-12-01", "--category", "land"
    )
    assert code == UNKNOWN  # land types: from 2004-10-01
    assert check(shared_head_url, capsys, "Gobiln", "--as-of", "2004-10-01")[0] == 1


def test_check_text_says_unknown_and_the_nearest_names(
    shared_head_url: URL, capsys: pytest.CaptureFixture[str]
) -> None:
    db = url_text(shared_head_url)
    code, out, _ = run_cli(
        ["--db", db, "check", "Goblin", "--as-of", "1999-11-01", "--format", "table"], capsys
    )
    assert code == UNKNOWN and out.startswith(
        "unknown: the release of 1999-11-01 does not enumerate creature types or land types"
    )
    code, out, _ = run_cli(["--db", db, "check", "Gobiln", "--format", "table"], capsys)
    assert code == 1
    assert out.strip() == (
        "'Gobiln' is not a card type, supertype or subtype (release 2026-08-07); nearest: Goblin"
    )
    code, report = check(shared_head_url, capsys, "Merfok", "--category", "creature")
    assert code == 1 and report["nearest"] == ["Merfolk"]


def test_check_of_a_keyword_says_it_is_one(
    shared_head_url: URL, capsys: pytest.CaptureFixture[str]
) -> None:
    code, report = check(shared_head_url, capsys, "deathtouch")
    assert code == 1 and report["valid"] is False
    assert report["keyword"] == {"kind": "keyword_ability", "name": "Deathtouch", "rule": "702.2"}
    code, out, _ = run_cli(
        [
            "--db",
            url_text(shared_head_url),
            "check",
            "flying",
            "--as-of",
            "2002-01-01",
            "--format",
            "table",
        ],
        capsys,
    )
    # A keyword of the release is no type word, even where creature types are not listed.
    assert code == 1 and out.strip().endswith("; Flying is a keyword ability (502.4)")


def test_parse_marks_a_subtype_of_an_unlisted_category_unknown(
    shared_head_url: URL, capsys: pytest.CaptureFixture[str]
) -> None:
    db = url_text(shared_head_url)
    code, out, _ = run_cli(
        ["--db", db, "parse", "Creature — Goblin", "--as-of", "2002-01-01", "--format", "json"],
        capsys,
    )
    parsed = json.loads(out)
    assert code == UNKNOWN and parsed["valid"] is None and parsed["errors"] == []
    assert parsed["subtypes"] == [{"name": "Goblin", "category": None, "card_types": []}]
    assert parsed["undetermined"] == [
        {
            "rule": "212.1",
            "message": "'Goblin' is unknown: the "
            "release of 2001-09-24 does not enumerate creature types",
        }
    ]
    # 212.2d of that release: "There are no subtypes for ... instant cards": a plain no.
    code, out, _ = run_cli(
        ["--db", db, "parse", "Instant — Arcane", "--as-of", "2002-01-01", "--format", "json"],
        capsys,
    )
    assert code == 1 and json.loads(out)["valid"] is False
    lines = "Creature — Goblin\nInstant\n"
    result = run_in_process("--db", db, "parse", "-", "--as-of", "2002-01-01", input=lines)
    assert result.returncode == UNKNOWN
    assert [json.loads(x)["valid"] for x in result.stdout.splitlines()] == [None, True]
    result = run_in_process(
        "--db", db, "parse", "-", "--as-of", "2002-01-01", input=lines + "Instant — Arcane\n"
    )
    assert result.returncode == 1  # an invalid line outweighs an unknown one


def test_lint_cards_counts_unknown_apart(shared_head_url: URL, tmp_path: Path) -> None:
    cards = tmp_path / "lines.txt"
    cards.write_text("Creature — Goblin\nCreature — Elf Druid\nInstant\nLand\n", encoding="utf-8")
    db = url_text(shared_head_url)
    result = run_in_process("--db", db, "lint-cards", str(cards), "--as-of", "2002-01-01")
    assert result.returncode == UNKNOWN
    assert result.stderr.splitlines()[0] == (
        "cards read: 4; valid: 2; invalid: 0; unknown: 2 (creature types not enumerated in "
        "2001-09-24: 2)"
    )
    first = json.loads(result.stdout.splitlines()[0])
    assert first["valid"] is None and first["errors"] == [] and first["undetermined"]
    cards.write_text("Creature — Goblin\nInstant — Goblin\n", encoding="utf-8")
    result = run_in_process("--db", db, "lint-cards", str(cards), "--as-of", "2002-01-01")
    assert result.returncode == 1
    assert result.stderr.startswith("cards read: 2; valid: 0; invalid: 1; unknown: 1 (")


def test_which_categories_each_era_leaves_unlisted(shared_head_engine) -> None:  # type: ignore[no-untyped-def]
    eras = {
        date(1999, 11, 1): ("creature", "land"),
        date(2003, 7, 1): ("creature", "land"),  # 212.4c enumerates enchantment types
        date(2003, 12, 1): ("artifact", "enchantment", "land"),
        date(2004, 10, 1): (),
        date(2023, 2, 3): ("battle",),  # battle is a card type; no battle types listed yet
        date(2026, 8, 7): (),
    }
    for day, expected in eras.items():
        assert load_vocabulary(shared_head_engine, day).not_enumerated == expected, day


def test_the_release_saying_a_card_type_has_no_subtypes() -> None:
    rules = {
        "212.2d": "There are no subtypes for artifact cards, instant cards, or sorcery cards.",
        "205.3c": 'A card with the type "enchantment" has no subtype. An enchantment\'s '
        "subtype specifies what it can be attached to.",
        "204.3n": "Neither vanguard cards nor scheme cards have subtypes.",
        "502.26e": "It becomes a 2/2 face-down creature, with no text, no name, no subtypes.",
    }
    kinds = ["artifact", "creature", "enchantment", "instant", "sorcery", "vanguard", "scheme"]
    assert said_to_have_none(rules, kinds) == {
        "artifact",
        "instant",
        "sorcery",
        "vanguard",
        "scheme",
    }
    known = {
        "creature": ["creature", "tribal"],
        "spell": ["instant", "sorcery"],
        "instant": ["instant"],
        "land": ["land"],
        "planar": ["plane"],
    }
    # Instants covered by the release's own spell types; planes: no such card type.
    assert not_enumerated(["creature", "instant", "land"], {"spell": ["instant"]}, known, {}) == {
        "creature": frozenset({"creature"}),
        "land": frozenset({"land"}),
    }


def test_history_suggests_the_nearest_names(
    small_url: URL, capsys: pytest.CaptureFixture[str]
) -> None:
    code, out, err = run_cli(["--db", url_text(small_url), "history", "Trampel"], capsys)
    assert code == 2 and out == ""
    assert err == (
        "rulesdb: error: unknown word 'Trampel': no release lists it as a card type, "
        "supertype, subtype or keyword; nearest: Trample\n"
    )


def test_word_pages_say_when_the_list_began_and_suggest_names(_head_sqlite: Path) -> None:
    from rulesdb.web.server import build

    site = build(_head_sqlite)

    async def get(path: str, status: int = 200) -> str:
        response = await site.client.get(path)
        assert response.status_code == status, path
        return response.text

    goblin = asyncio.run(get("/word/Goblin"))
    assert (
        "2003-12-01</a>, the first release listing creature types (earlier releases do not "
        "say whether it was one)"
    ) in goblin
    assert "the first release listing" not in asyncio.run(get("/word/Kindred"))
    missing = asyncio.run(get("/word/Gobiln", 404))
    assert 'Did you mean <a href="/word/Goblin">Goblin</a>?' in missing
    hound = asyncio.run(get("/word/Hound"))
    assert 'Merged into <a href="/word/Dog">Dog</a> on <a href="/release/2020-07-03">' in hound
