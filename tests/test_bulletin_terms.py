"""Wizards' reasons beside glossary changes (issue 54): the bulletins' ``glossary`` entries
attached to the terms they name — in ``changes`` (every format), ``glossary`` (every format),
the web's glossary and changes pages and the MCP tools, on both backends (``changes`` prints
its digest's text, Markdown and JSON, and the MCP tool gives ``changes_page``: those are read
here, one span's digest built once)."""

from __future__ import annotations

import asyncio
import csv
import io
import json
from pathlib import Path
from typing import Any

import pytest
from sqlalchemy import Engine
from sqlalchemy.engine import URL

import rulesdb
from rulesdb.questions.pages import changes_page
from rulesdb.questions.reasons import Reason
from rulesdb.questions.term_reasons import named_terms
from tests.support.databases import url_text
from tests.support.runs import run_cli

NEW = "Class, Complete a Dungeon, Dungeon, Goaded, Level, Roll a d20, Room, Room Ability"
REVISED = "Goad: Now references Goaded. Level Up: Tells you where to look for Class card info."


def _entry(heading: str, why: str) -> Reason:
    return Reason("2021-07-23", "2021-07-15", "b", "u", "a", "glossary", heading, why)


@pytest.mark.fast
@pytest.mark.parametrize(
    ("heading", "why", "printed", "before", "named"),
    [
        # a heading naming terms: those, not the ones its text mentions
        (
            "Glossary: Lose the Game",
            "Gained a cross-reference to the additional EDH rule for losing the game.",
            {"Lose the Game", "EDH"},
            {"Lose the Game", "EDH"},
            {"Lose the Game"},
        ),
        # "(Obsolete)" left out, a plural as its singular, hyphens and quotes folded
        (
            "Glossary",
            "New entries for reflexive triggered abilities and the city's blessing; "
            "Modal-Double Faced Cards. Casting Cost",
            {"Reflexive Triggered Ability", "City’s Blessing", "Modal Double-Faced Cards"},
            {"Casting Cost (Obsolete)", "Double-Faced Cards"},
            {
                "Reflexive Triggered Ability",
                "City’s Blessing",
                "Modal Double-Faced Cards",
                "Casting Cost (Obsolete)",
            },
        ),
        # new entries: only the terms the release adds; the longer term named, not its part
        (
            "New Glossary Entries",
            NEW,
            {"Class", "Goad", "Goaded", "Level", "Level Up", "Room", "Room Ability"},
            {"Goad", "Level Up"},
            {"Class", "Goaded", "Level", "Room", "Room Ability"},
        ),
        # revised entries: only the terms the release before printed
        (
            "Revised Glossary Entries",
            REVISED,
            {"Class", "Goad", "Goaded", "Level", "Level Up"},
            {"Goad", "Level Up"},
            {"Goad", "Level Up"},
        ),
        # a term of several names, by any of them
        ("Glossary", "Updates to modal, mode", {"Modal, Mode"}, {"Modal, Mode"}, {"Modal, Mode"}),
    ],
)
def test_an_entry_names_the_terms_it_says(
    heading: str, why: str, printed: set[str], before: set[str], named: set[str]
) -> None:
    assert named_terms(_entry(heading, why), printed, before) == named


@pytest.mark.parametrize("backend", ["sqlite", "postgresql"])
def test_glossary_changes_carry_the_reason(
    shared_head_url: URL, capsys: pytest.CaptureFixture[str]
) -> None:
    with rulesdb.open(shared_head_url) as rules:
        digest = rules.changes("2021-06-18", "2021-07-23")
        entry = rules.glossary("mana value", "2022-01-01")
        older = rules.glossary("search", "2010-02-01")
    why = {g.term: [r.why for r in g.why] for g in digest.glossary}
    assert why["Goad"] == [why["Level Up"][0]] and why["Goad"][0].startswith("Goad: Now refer")
    assert why["Level"] == why["Goaded"] and why["Level"][0].startswith("Class, Complete a")
    assert why["Becomes"] == []  # a rule number in the definition changed: no entry names it
    assert [r["why"] for r in entry["why"]] == ["Demonstrate, learn, mana value, ward"]
    assert entry["why"][0]["release"] == "2021-04-22"  # the release that printed it first
    assert older["why"][0]["why"].startswith('Added the word "possibly,"')
    # what `changes` prints in each format, and the MCP tool's page of the glossary
    said = "Why (Wizards, 2021-07-15): Goad: Now references Goaded."
    assert said in digest.to_text() and f"*{said}" in digest.to_markdown()
    (goad,) = [g for g in digest.to_json()["glossary"] if g["term"] == "Goad"]
    assert goad["why"][0]["why"].startswith("Goad: Now references Goaded.")
    page = changes_page(digest, "glossary", 0, 100)
    (goad,) = [e for e in page["entries"] if e["term"] == "Goad"]
    assert goad["why"][0].startswith(said)
    db = url_text(shared_head_url)
    for fmt in ("json", "table", "csv", "markdown"):
        command = ["--db", db, "glossary", "mana value", "--as-of", "2022-01-01"]
        code, out, _ = run_cli([*command, "--format", fmt], capsys)
        assert code == 0
        if fmt == "json":
            assert json.loads(out)["why"][0]["heading"] == "New Glossary Entries"
        elif fmt == "csv":
            (row,) = csv.DictReader(io.StringIO(out))
            assert row["why"] == "Why (Wizards, 2021-04-20): Demonstrate, learn, mana value, ward"
        else:
            assert "Why (Wizards, 2021-04-20): Demonstrate, learn, mana value, ward" in out


@pytest.mark.parametrize("backend", ["sqlite", "postgresql"])
def test_the_web_glossary_page_gives_each_version_its_reason(shared_head_engine: Engine) -> None:
    from rulesdb.web import pages

    page = pages.glossary_page(shared_head_engine, "Goad", "2021-07-23")
    by_first = {v["first_release"]: [r.why for r in v["why"]] for v in page["versions"]}
    assert by_first["2021-07-23"][0].startswith("Goad: Now references Goaded.")
    assert all(why == [] for day, why in by_first.items() if day != "2021-07-23")


def test_web_pages_render_the_glossary_reason(_head_sqlite: Path) -> None:
    pytest.importorskip("datasette", reason="the web extra is not installed")
    from rulesdb.web.server import build

    site = build(_head_sqlite)
    page = asyncio.run(site.client.get("/glossary/Goad", params={"as_of": "2021-07-23"})).text
    assert 'class="why"' in page and "Goad: Now references Goaded." in page
    changes = asyncio.run(
        site.client.get("/changes", params={"since": "2021-06-18", "to": "2021-07-23"})
    ).text
    assert "Level Up: Tells you where to look for Class card info." in changes


@pytest.mark.parametrize("backend", ["sqlite"])
def test_the_mcp_glossary_tool_carries_the_reason(shared_head_url: URL) -> None:
    from tests.test_mcp import answer, talk

    async def conversation(session: Any) -> None:
        entry = await answer(session, "glossary", term="mana value", as_of="2022-01-01")
        assert entry["why"][0]["why"] == "Demonstrate, learn, mana value, ward"

    talk(shared_head_url, conversation)
