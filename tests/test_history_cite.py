"""history() and cite(), and `rulesdb history` / `rulesdb cite`, on both backends."""

from __future__ import annotations

import json
from datetime import date

import pytest
from click.testing import CliRunner
from sqlalchemy import Engine, text
from sqlalchemy.engine import URL

from rulesdb.cli import cli
from rulesdb.errors import RulesdbError
from rulesdb.questions.lifetime import cite, history
from tests.support.databases import url_text
from tests.support.dumps import write_witness
from tests.support.runs import run_in_process

INJECTION = "'; DROP TABLE release; --"


def cli_json(url: URL, *args: str) -> list[dict]:
    result = CliRunner().invoke(cli, ["--db", url_text(url), *args, "--format", "json"])
    assert result.exit_code == 0, result.output
    return json.loads(result.output)


def rules_of(citations: list) -> dict[str, tuple[str, str | None]]:
    """The citations from the type vocabulary (not the rulebook's mentions and glossary)."""
    return {
        c.rule: (c.relation, c.via) for c in citations if c.relation not in ("mentions", "glossary")
    }


def mentions_of(citations: list) -> dict[str, str]:
    return {c.rule: c.relation for c in citations if c.relation in ("mentions", "glossary")}


def test_creature_types_that_left(shared_head_engine: Engine) -> None:
    # Derive from the raw lists when each was last listed and which release came next...
    with shared_head_engine.connect() as connection:
        days = sorted(
            str(d) for (d,) in connection.execute(text("SELECT effective_date FROM release"))
        )
        found = {}
        for name in ("Cephalid", "Naga", "Viashino"):
            listed = sorted(
                str(d)
                for (d,) in connection.execute(
                    text(
                        "SELECT release_date FROM release_subtype WHERE category = 'creature' "
                        "AND name = :name"
                    ),
                    {"name": name},
                )
            )
            found[name] = (listed[0], listed[-1], days[days.index(listed[-1]) + 1], listed)
    # ...then check history() says the same, and what that is: they left on 2024-06-07.
    for name, (first, last, left, listed) in found.items():
        [listing] = history(shared_head_engine, name)
        assert (listing.kind, listing.category) == ("subtype", "creature")
        assert (listing.first_listed, listing.last_listed, listing.left) == (first, last, left)
        assert listing.left == "2024-06-07" and listing.last_listed == "2024-04-12"
        assert listing.releases == listed and listed[-1] == "2024-04-12"


def test_renames_are_noted_both_ways(shared_head_engine: Engine) -> None:
    [tribal] = history(shared_head_engine, "tribal")
    assert tribal.left == "2024-06-07"
    assert tribal.renamed_to == [{"release_date": "2024-06-07", "from": "tribal", "to": "kindred"}]
    [kindred] = history(shared_head_engine, "Kindred")
    assert kindred.first_listed == "2024-06-07" and kindred.left is None
    assert kindred.renamed_from == tribal.renamed_to
    [kaladesh] = history(shared_head_engine, "kaladesh", category="planar")
    assert kaladesh.renamed_to[0]["to"] == "Avishkar" and kaladesh.left == "2025-02-07"


def test_lookup_ignores_case_and_apostrophes(small_engine: Engine) -> None:
    for spelling in ("urza's", "URZA’S", "Urza’s", "  urza's "):
        [listing] = history(small_engine, spelling)
        assert listing.name == "Urza’s" and listing.category == "land"
        assert listing.left is None  # still listed in the latest release
    both = history(small_engine, "spacecraft")
    assert [(item.kind, item.category) for item in both] == [
        ("subtype", "artifact"),
        ("subtype", "planar"),
    ]
    [planar] = history(small_engine, "Spacecraft", category="planar")
    assert planar.category == "planar"


def test_unknown_words_and_categories(small_engine: Engine) -> None:
    for word in ("Urzas", "", INJECTION):
        with pytest.raises(RulesdbError, match="unknown word"):
            history(small_engine, word)
        with pytest.raises(RulesdbError, match="unknown word"):
            cite(small_engine, word)
    with pytest.raises(RulesdbError, match="no release lists it as a land type"):
        history(small_engine, "Naga", category="land")
    with pytest.raises(RulesdbError, match="unknown category 'wizard'"):
        history(small_engine, "Naga", category="wizard")


def test_cite_equipment_legendary_artifact(small_engine: Engine) -> None:
    equipment = cite(small_engine, "equipment")
    assert rules_of(equipment) == {
        "205.3g": ("lists", None),
        "301.5": ("cross-reference", "205.3g"),
    }
    assert all("Equipment" in c.text or "equipment" in c.text for c in equipment)
    cross = next(c for c in equipment if c.relation == "cross-reference")
    assert cross.text.startswith("Some artifacts have the subtype “Equipment.”")
    # The rulebook: every rule and glossary entry of the release that says "Equipment".
    mentioned = mentions_of(equipment)
    assert {"301.5a", "301.5b", "702.6a", "Equipment"} <= set(mentioned)
    assert mentioned["Equipment"] == "glossary" and mentioned["702.6a"] == "mentions"
    assert "702.6" not in mentioned  # "Equip" is another word
    auras = mentions_of(cite(small_engine, "Aura"))
    assert "702.16n" in auras  # "Some Auras both give ...": the plural counts
    legendary = cite(small_engine, "Legendary")
    assert rules_of(legendary) == {
        "205.4a": ("lists", None),
        "704.5j": ("cross-reference", "205.4d"),
    }
    assert {"205.4d", "205.4e", "Legendary"} <= set(mentions_of(legendary))
    target = next(c for c in legendary if c.rule == "704.5j")
    assert "legendary permanents with the same name" in target.text
    assert rules_of(cite(small_engine, "artifact")) == {
        "205.2a": ("lists", None),
        "301": ("defines", None),
    }


def test_cite_basic_land_types_and_releases(shared_head_engine: Engine) -> None:
    forest = rules_of(cite(shared_head_engine, "forest", date(2016, 7, 22)))
    assert forest["205.3i"] == ("lists", None) and forest["305.6"] == ("basic land type", None)
    assert {c.release_date for c in cite(shared_head_engine, "Forest", date(2021, 3, 1))} == {
        "2021-02-15"
    }
    old = cite(shared_head_engine, "tribal", date(2024, 4, 12))
    assert old[0].rule == "205.2a" and "tribal" in old[0].text
    with pytest.raises(RulesdbError, match=r"not listed in release 2026-08-07.*history tribal"):
        cite(shared_head_engine, "tribal")


def test_cli_history_and_cite_json(shared_head_url: URL) -> None:
    [tribal] = cli_json(shared_head_url, "history", "TRIBAL")
    assert list(tribal) == [
        "kind",
        "category",
        "name",
        "first_listed",
        "last_listed",
        "left",
        "spans",
        "releases",
        "renamed_from",
        "renamed_to",
        "merged_from",
        "merged_into",
        "later",
    ]
    assert tribal["left"] == "2024-06-07" and tribal["renamed_to"][0]["to"] == "kindred"
    assert tribal["spans"] == [
        {
            "first_listed": "2007-05-01",
            "last_listed": "2024-04-12",
            "listed_in": 98,
            "dropped_in": "2024-06-07",
        }
    ]
    rows = cli_json(shared_head_url, "cite", "Equipment", "--as-of", "2024-06-07")
    assert [
        (r["rule"], r["relation"]) for r in rows if r["relation"] in ("lists", "cross-reference")
    ] == [("205.3g", "lists"), ("301.5", "cross-reference")]
    assert rows[-1]["relation"] == "glossary"
    assert {"Equipment", "Unattach"} <= {r["rule"] for r in rows if r["relation"] == "glossary"}
    assert list(rows[0]) == [
        "release_date",
        "rule",
        "relation",
        "kind",
        "category",
        "name",
        "via",
        "text",
    ]
    assert {r["release_date"] for r in rows} == {"2024-06-07"}
    # Without a word, `history` is still the list of revisions.
    revisions = json.loads(CliRunner().invoke(cli, ["history", "--format", "json"]).stdout)
    assert revisions[0]["revision"] == "0001_schema"


def test_injection_is_just_an_unknown_word(head_url: URL, head_engine: Engine) -> None:
    before = write_witness(head_engine)
    for command in ("history", "cite"):
        result = run_in_process("--db", url_text(head_url), command, INJECTION)
        assert result.returncode == 2 and result.stdout == ""
        assert result.stderr.splitlines() == [
            f"rulesdb: error: unknown word {INJECTION!r}: no release lists it as a card type, "
            "supertype, subtype or keyword"
        ]
    assert write_witness(head_engine) == before
    assert "release" in before["tables"]
