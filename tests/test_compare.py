"""compare() and `rulesdb diff`, on both backends: renames, reversed comparisons, rule texts."""

from __future__ import annotations

import json
from datetime import date

from click.testing import CliRunner
from sqlalchemy import Engine, text
from sqlalchemy.engine import URL

from rulesdb.cli import cli
from rulesdb.questions.diff import compare, normalise_rule_text
from rulesdb.util.rule_numbers import rule_key
from tests.support.databases import url_text
from tests.support.runs import run_in_process

JSON_KEYS = [
    "from",
    "to",
    "added",
    "removed",
    "renamed",
    "merged",
    "first_listed",
    "last_listed",
    "rules_changed",
    "why",  # the bulletins' New Subtypes entries in between (tests/test_bulletins.py)
]


def diff_json(url: URL, *args: str) -> dict:
    result = CliRunner().invoke(cli, ["--db", url_text(url), "diff", *args, "--format", "json"])
    assert result.exit_code == 0, result.output
    return json.loads(result.output)


def test_tribal_to_kindred_is_a_rename(shared_head_engine: Engine) -> None:
    result = compare(shared_head_engine, date(2024, 4, 12), date(2024, 6, 7))
    assert result.renamed == [
        {"kind": "card_type", "from": "tribal", "to": "kindred"},
        {"kind": "keyword_ability", "from": "Totem Armor", "to": "Umbra Armor"},
    ]
    assert "card_types" not in result.added and "card_types" not in result.removed
    assert "205.3m" in result.rules_text_changed  # Kindred replaced tribal in 205.3m's text
    assert "205.2a" in result.rules_changed
    # The same release dropped three creature types whose cards took others it lists: the
    # curated merges, one line each, not removals; and 702.89's Totem Armor became Umbra
    # Armor, a curated keyword rename: nothing was added or removed.
    assert result.removed == {} and result.added == {}
    assert result.merged == [
        {"kind": "subtype", "category": "creature", "from": "Cephalid", "to": "Octopus"},
        {"kind": "subtype", "category": "creature", "from": "Naga", "to": "Snake"},
        {"kind": "subtype", "category": "creature", "from": "Viashino", "to": "Lizard"},
    ]


def test_hound_merged_into_dog_is_one_line_both_ways(shared_head_engine: Engine) -> None:
    merge = {"kind": "subtype", "category": "creature", "from": "Hound", "to": "Dog"}
    forward = compare(shared_head_engine, date(2020, 4, 17), date(2020, 7, 3))
    assert forward.merged == [merge]
    assert "Dog" not in forward.added.get("creature", ())
    assert "creature" not in forward.removed
    backward = compare(shared_head_engine, date(2020, 7, 3), date(2020, 4, 17))
    assert backward.merged == [merge]
    assert "creature" not in backward.added and "creature" not in backward.removed
    rows = forward.to_rows()
    assert {
        "change": "merged",
        "kind": "subtype",
        "category": "creature",
        "name": "Hound → Dog",
    } in rows


def test_2003_07_01_adds_one_enchantment_subtype(shared_head_engine: Engine) -> None:
    """212.4c of 2003-07-01 prints the enchant-X subtypes in lower case, as 214.8a of the
    release before: the one new name is enchant player."""
    forward = compare(shared_head_engine, date(2003, 6, 1), date(2003, 7, 1))
    assert forward.added.get("enchantment") == ["enchant player"]
    assert "enchantment" not in forward.removed


def test_backwards_comparison_reverses_everything(shared_head_engine: Engine) -> None:
    forward = compare(shared_head_engine, date(2024, 4, 12), date(2024, 6, 7))
    backward = compare(shared_head_engine, date(2024, 6, 7), date(2024, 4, 12))
    assert backward.renamed == [
        {"kind": "card_type", "from": "kindred", "to": "tribal"},
        {"kind": "keyword_ability", "from": "Umbra Armor", "to": "Totem Armor"},
    ]
    assert backward.added == forward.removed and backward.removed == forward.added
    assert backward.rules_changed == forward.rules_changed
    assert (backward.from_date, backward.to_date) == (forward.to_date, forward.from_date)


def test_planar_kaladesh_renamed_avishkar(shared_head_engine: Engine) -> None:
    result = compare(shared_head_engine, date(2024, 11, 8), date(2025, 2, 7))
    assert {
        "kind": "subtype",
        "category": "planar",
        "from": "Kaladesh",
        "to": "Avishkar",
    } in result.renamed
    assert "Avishkar" not in result.added.get("planar", [])
    assert "Kaladesh" not in result.removed.get("planar", [])


def test_renames_count_across_many_releases(shared_head_engine: Engine) -> None:
    # From the first release to the last, both curated renames happened in between.
    result = compare(shared_head_engine, date(2016, 7, 22), date(2030, 1, 1))
    assert result.to_date == date(2026, 8, 7)  # a future date: the latest release
    kinds = {(item["kind"], item["from"], item["to"]) for item in result.renamed}
    assert kinds == {
        ("card_type", "tribal", "kindred"),  # Kaladesh was not listed in 2016
        ("keyword_ability", "Totem Armor", "Umbra Armor"),
    }
    assert {"battle", "dungeon"} <= set(result.added["card_types"])
    assert "kindred" not in result.added["card_types"]
    # From a release that lists Kaladesh, its rename shows too.
    later = compare(shared_head_engine, date(2023, 6, 16), date(2026, 8, 7))
    assert {
        "kind": "subtype",
        "category": "planar",
        "from": "Kaladesh",
        "to": "Avishkar",
    } in later.renamed


def test_dates_resolve_to_releases_in_force(shared_head_engine: Engine) -> None:
    result = compare(shared_head_engine, date(2024, 6, 6), date(2024, 6, 30))
    assert (result.from_date, result.to_date) == (date(2024, 4, 12), date(2024, 6, 7))
    same = compare(shared_head_engine, date(2024, 6, 7), date(2024, 6, 30))
    assert same.is_empty and same.to_json()["added"] == {}
    assert "same release" in same.to_markdown()


def test_ascii_folded_release_does_not_change_every_rule(shared_head_engine: Engine) -> None:
    # 2019-01-25 survives only as a cp437 file with ASCII quotes and dashes.
    with shared_head_engine.connect() as connection:
        rows = connection.execute(
            text(
                "SELECT release_date, text FROM rule_text WHERE number = '205.4b' "
                "AND release_date IN ('2018-10-05', '2019-01-25')"
            )
        ).all()
    raw = {str(day): body for day, body in rows}
    assert len(set(raw.values())) == 2  # the stored texts do differ, typographically
    assert len({normalise_rule_text(body) for body in raw.values()}) == 1
    assert compare(shared_head_engine, date(2018, 10, 5), date(2019, 1, 25)).rules_changed == []
    # ...while a real edit is still seen: 2019-05-03 added planeswalker types to 205.3j.
    later = compare(shared_head_engine, date(2019, 1, 25), date(2019, 5, 3))
    assert "205.3j" in later.rules_text_changed
    assert later.added["planeswalker"] == ["Davriel", "Kasmina", "Teyo"]


def test_rules_added_and_removed_are_reported(small_engine: Engine) -> None:
    result = compare(small_engine, date(2016, 7, 22), date(2026, 8, 7))
    assert result.rules_added and set(result.rules_added) <= set(result.rules_changed)
    assert result.rules_changed == sorted(result.rules_changed, key=rule_key)
    backward = compare(small_engine, date(2026, 8, 7), date(2016, 7, 22))
    assert backward.rules_removed == result.rules_added


def test_json_shape_and_markdown(shared_head_url: URL) -> None:
    document = diff_json(shared_head_url, "2024-04-12", "2024-06-07")
    assert list(document) == JSON_KEYS
    assert document["from"] == "2024-04-12" and document["to"] == "2024-06-07"
    # Only vocabularies with a change appear: nothing was added or removed (renamed, merged).
    assert document["added"] == {} and document["removed"] == {}
    assert [m["from"] for m in document["merged"]] == ["Cephalid", "Naga", "Viashino"]
    assert document["renamed"] == [
        {"kind": "card_type", "from": "tribal", "to": "kindred"},
        {"kind": "keyword_ability", "from": "Totem Armor", "to": "Umbra Armor"},
    ]
    assert "205.3m" in document["rules_changed"]
    planar = diff_json(shared_head_url, "2024-11-08", "2025-02-07")["renamed"]
    assert [list(item) for item in planar] == [["kind", "category", "from", "to"]]
    assert document["first_listed"] == document["last_listed"] == []
    # A list that begins: 2003-10-01 lists no creature types, 2003-12-01 its first 378.
    begun = diff_json(shared_head_url, "2003-10-01", "2003-12-01")
    assert begun["first_listed"] == ["creature"] and len(begun["added"]["creature"]) == 378
    ended = diff_json(shared_head_url, "2003-12-01", "2003-10-01")  # backwards: it ends
    assert ended["last_listed"] == ["creature"] and ended["first_listed"] == []

    result = CliRunner().invoke(
        cli,
        [
            "--db",
            url_text(shared_head_url),
            "diff",
            "2024-04-12",
            "2024-06-07",
            "--format",
            "markdown",
        ],
    )
    assert result.exit_code == 0
    lines = result.output.splitlines()
    assert lines[0] == "## Changes from 2024-04-12 to 2024-06-07"
    headings = [line for line in lines if line.startswith("### ")]
    assert headings == ["### Renamed", "### Merged", "### Rules"]
    assert "- card type: tribal → kindred" in lines
    assert "- keyword ability: Totem Armor → Umbra Armor" in lines
    assert "- creature type: Naga → Snake (Naga cards became Snake cards)" in lines

    table = (
        CliRunner()
        .invoke(
            cli,
            [
                "--db",
                url_text(shared_head_url),
                "diff",
                "2024-04-12",
                "2024-06-07",
                "--format",
                "table",
            ],
        )
        .output.splitlines()
    )
    assert table[0].split() == ["change", "kind", "category", "name"]
    assert table[2].split() == ["renamed", "card_type", "tribal", "→", "kindred"]


def test_bad_dates_exit_2(shared_head_url: URL) -> None:
    for args, message in (
        (["2024-13-01", "2024-06-07"], "FROM: '2024-13-01' is not a date"),
        (["1999-01-01", "2024-06-07"], "no release was in force on 1999"),
        (["1999-04-23"], "release 1999-04-23 is the first loaded: there is no release before"),
    ):
        result = run_in_process("--db", url_text(shared_head_url), "diff", *args)
        assert result.returncode == 2
        assert result.stderr.count("\n") == 1 and message in result.stderr


def test_from_alone_compares_with_the_release_before(shared_head_url: URL) -> None:
    """`diff MH3` is `diff OTJ MH3` (2024-04-12 is the release before 2024-06-07), as
    `rule-diff FROM` alone is; a date between releases means the release in force."""
    alone = diff_json(shared_head_url, "MH3")
    assert alone == diff_json(shared_head_url, "2024-04-12", "2024-06-07")
    assert alone["from"] == "2024-04-12" and alone["renamed"]
    assert diff_json(shared_head_url, "2024-06-20") == alone
