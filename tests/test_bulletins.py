"""Wizards' update bulletins (issue 54): each curated bulletin in its release's seed, its entries'
rule numbers in the release or the one before, the check both ways (every disagreement with
what rulesdb derived explained), and the reasons beside the changes they explain — in
``rule-diff`` (every format), ``changes``, ``rule-history``, the MCP tools and the web's pages,
on both backends, for one release of 2007-2010, one of 2014-2017 and one of 2020-2022."""

from __future__ import annotations

import asyncio
import csv
import io
import json
import re
from datetime import date
from pathlib import Path
from typing import Any

import pytest
from sqlalchemy import Engine
from sqlalchemy.engine import URL

import rulesdb
from rulesdb.authoring.bulletins import bulletin_in, curated_bulletins, entries_made_in
from rulesdb.questions.reasons import Coverage, coverage_sentence
from rulesdb.questions.rulebook_texts import release_texts
from tests.support.bulletin_check import disagreements
from tests.support.databases import url_text
from tests.support.runs import run_cli

ROOT = Path(__file__).resolve().parents[1]

# (the release before, the release, a rule it changed, the start of Wizards' reason for it)
EXPLAINED = [
    ("2009-10-01", "2010-02-01", "101.2", 'A rewrite for clarity of the "Golden Rule" rule.'),
    ("2017-06-05", "2017-07-08", "107.1b", "We always have to keep an eye on effects"),
    ("2021-06-18", "2021-07-23", "107.16", "The level bar on Class cards has some rules"),
    ("2021-06-18", "2021-07-23", "205.2a", "Dungeon and Class cards join the lists of card"),
]
# Every disagreement the check finds, each explained in its entry: changes the release's file
# did not make (kept, attached to no rule), and a new type rulesdb lists as a merge (Hound→Dog).
DISAGREEMENTS = {
    ("2008-05-01", "502.59a"),
    ("2010-02-01", "106.9"),
    ("2011-02-04", "808.1, 811.5"),  # the period after the number: no change to the text
    ("2013-02-01", "106.6"),
    ("2013-02-01", "706.7a"),
    ("2020-07-03", "205.3m"),
    # Glossary entries only moved into alphabetical order (rulesdb keeps no order of entries),
    # a change the file did not make, and a term that is no entry of the glossary.
    ("2010-02-01", "Glossary: EDH"),
    ("2010-02-01", "Glossary: Loyalty, Power, Toughness"),
    ("2010-04-23", "Glossary: Range of Influence"),
    ("2009-07-11", "Marked"),
}


def _seed(day: date) -> dict[str, Any]:
    name = f"cr_{day.isoformat().replace('-', '_')}.json"
    seed: dict[str, Any] = json.loads((ROOT / "seeds" / name).read_text(encoding="utf-8"))
    return seed


def _releases() -> list[date]:
    return sorted(
        date.fromisoformat(path.stem.removeprefix("cr_").replace("_", "-"))
        for path in (ROOT / "seeds").glob("cr_*.json")
    )


@pytest.mark.fast
def test_each_release_seed_holds_its_bulletin_as_curated() -> None:
    """Every release's seed holds what the curated files say of it (rebuild-chain wrote them):
    its bulletin and entries, a known one without entries, or no bulletin at all."""
    days = _releases()
    for day in days:
        assert _seed(day).get("bulletin") == bulletin_in(day), day
    # 75 releases carry reasons, from 2007 to 2022, each in a release of the chain.
    with_entries = [day for day in days if (bulletin_in(day) or {}).get("entries")]
    assert len(with_entries) >= 75
    assert set(curated_bulletins()) <= set(days)
    assert all(date(2007, 7, 1) <= day <= date(2022, 10, 31) for day in with_entries)


@pytest.mark.fast
def test_entries_cite_their_source_and_say_what_they_are() -> None:
    for day, bulletin in curated_bulletins().items():
        assert bulletin["source"].startswith("maxmakesmagic/ormos archive/en/"), day
        assert bulletin["archived"].startswith("https://web.archive.org/web/"), day
        for entry in bulletin["entry"]:
            assert entry["why"].strip() == entry["why"] and "](" not in entry["why"], entry
            assert "\n" not in entry["why"], entry  # every output shows a reason as one line
            if entry.get("made") is False:  # a change the file did not make: said why
                assert entry["note"], entry


@pytest.mark.parametrize("backend", ["sqlite"])
def test_entry_numbers_exist_in_the_release_or_the_one_before(shared_head_url: URL) -> None:
    days = _releases()
    with rulesdb.open(shared_head_url) as rules, rules.engine.connect() as connection:
        for bulletin in curated_bulletins().values():
            made_in = {e.get("release", bulletin["release"]) for e in bulletin["entry"]}
            for day in made_in:
                printed = set(release_texts(connection, day))
                printed |= set(release_texts(connection, days[days.index(day) - 1]))
                for entry in entries_made_in(bulletin, day):
                    missing = [n for n in entry.get("rules", []) if n not in printed]
                    assert missing == [], (day, entry.get("heading"), missing)


@pytest.mark.parametrize("backend", ["sqlite"])
def test_the_check_both_ways_leaves_nothing_unexplained(shared_head_url: URL) -> None:
    """Each entry against the release's rule diff, lists and lineage: the disagreements are
    the ones known, each explained in its entry; none unexplained."""
    with rulesdb.open(shared_head_url) as rules:
        found = [d for b in curated_bulletins().values() for d in disagreements(rules, b)]
    assert [d for d in found if not d["note"]] == []
    assert {(d["release"], d["heading"]) for d in found} == DISAGREEMENTS


@pytest.mark.fast
def test_stated_moves_are_read_from_the_words() -> None:
    from tests.support.bulletin_moves import stated_moves, states_a_block

    said = {
        "rules": ["104.5"],
        "why": "The old 104.5, 104.6, and 104.7 are being renumbered to 104.6, 104.7, and "
        "104.8, respectively.",
    }
    assert list(stated_moves(said)) == [("104.5", "104.6"), ("104.6", "104.7"), ("104.7", "104.8")]
    formerly = {"heading": "806.7b (formerly 806.6d)", "rules": ["806.7b"], "why": "Text."}
    assert list(stated_moves(formerly)) == [("806.6d", "806.7b")]
    assert states_a_block({"why": "The rest of the 700s moved down a number."})
    assert not states_a_block({"why": "Aw yiss, it's finally time for rules all about Sagas!"})


@pytest.mark.parametrize("backend", ["sqlite"])
def test_the_check_finds_a_move_the_lineage_does_not_make(shared_head_url: URL) -> None:
    """The stronger checks can fail: a stated move the lineage does not link, and a block
    said to move that kept its numbers."""
    wrong = {
        "release": date(2021, 7, 23),
        "entry": [
            {
                "kind": "renumbering",
                "rules": ["717"],
                "why": "The old 717 is being renumbered to 718.",
            },
            {
                "kind": "renumbering",
                "rules": ["903.11"],
                "why": "The rest of this section moved down.",
            },
        ],
    }
    with rulesdb.open(shared_head_url) as rules:
        found = [d["what"] for d in disagreements(rules, wrong)]
    assert found[0] == "717 → 718: stated, the lineage links 717 → 719"  # moved twice
    assert found[1].startswith("903.11: a renumbering, and no rule moved under 903")


@pytest.mark.parametrize(("before", "day", "number", "why"), EXPLAINED)
def test_reasons_beside_the_changes_they_explain(
    shared_head_url: URL,
    before: str,
    day: str,
    number: str,
    why: str,
    capsys: pytest.CaptureFixture[str],
) -> None:
    """rule-diff (JSON, Markdown, table, CSV), changes and rule-history give Wizards'
    sentence beside the rule it explains, on both backends."""
    with rulesdb.open(shared_head_url) as rules:
        diff = rules.rule_diff(before, day)
        assert diff.why[number][0].why.startswith(why)
        assert diff.why[number][0].release == day
        assert [c.status for c in diff.coverage] == ["curated"]
        digest = rules.changes(before, day)
        (change,) = [r for r in digest.rules if r.number == number]
        assert change.why[0].why.startswith(why)
        history = rules.rule_history(number, day)
        (version,) = [v for v in history if v.first_release == day]
        assert version.why[0].why.startswith(why) and version.bulletin == "curated"
    db = url_text(shared_head_url)
    for fmt in ("json", "markdown", "csv", "table"):
        code, out, _ = run_cli(["--db", db, "rule-diff", before, day, "--format", fmt], capsys)
        assert code == 0
        if fmt == "json":
            assert json.loads(out)["why"][number][0]["why"].startswith(why)
        elif fmt == "table":
            assert "Why (Wizards, " in out  # clipped to the table's width
        elif fmt == "csv":
            (row,) = [r for r in csv.DictReader(io.StringIO(out)) if r["number"] == number]
            assert row["why"].startswith("Why (Wizards, ") and why in row["why"]
        else:
            assert f"{number}" in out and "*Why (Wizards, " in out and why in out
    changes = ["changes", "--since", before, "--to", day]
    for command, formats in (
        (changes, ("json", "markdown", "text")),
        (["rule-history", number], ("json", "markdown", "csv")),
    ):
        for fmt in formats:
            code, out, _ = run_cli(["--db", db, *command, "--format", fmt], capsys)
            assert code == 0, (command, fmt)
            said = {"json": json.dumps(why)[1:-1], "csv": why.replace('"', '""')}
            assert said.get(fmt, why) in out, (command, fmt)


@pytest.mark.parametrize("backend", ["sqlite", "postgresql"])
def test_answers_say_when_a_release_has_no_bulletin(
    shared_head_url: URL, capsys: pytest.CaptureFixture[str]
) -> None:
    with rulesdb.open(shared_head_url) as rules:
        before_them = rules.rule_diff("2006-10-01", "2007-02-01")
        unfound = rules.rule_diff("2010-04-23", "2010-06-18")
        span = rules.changes("2010-04-23", "2011-02-04")
    (old,) = before_them.coverage
    assert old.status == "none" and "2007-07 to 2022-10 only" in old.sentence()
    assert before_them.why == {}
    (archenemy,) = unfound.coverage
    assert archenemy.status == "none" and "is recorded for this release" in archenemy.sentence()
    assert span.summary()[-1] == (
        "Wizards' reasons: 3 of 4 releases with a curated bulletin, 1 with none"
    )
    # Every bulletin found is curated, so no release is "known" today; the state is kept for
    # the next one found, and says so.
    waiting = Coverage("2099-01-01", "known", "A Bulletin", "2098-12-30")
    assert "its reasons are not curated yet" in waiting.sentence()
    assert "1 with one not yet curated" in coverage_sentence([waiting, archenemy])
    db = url_text(shared_head_url)
    command = ["--db", db, "rule-diff", "2006-10-01", "2007-02-01", "--format", "table"]
    code, _, err = run_cli(command, capsys)
    assert code == 0 and "no update bulletin" in err


@pytest.mark.parametrize("backend", ["sqlite", "postgresql"])
def test_the_view_gives_the_why_of_each_rule(shared_head_engine: Engine) -> None:
    from sqlalchemy import text

    with shared_head_engine.connect() as connection:
        rows = connection.execute(
            text(
                "SELECT rule, kind, why, bulletin FROM v_rule_change_reason "
                "WHERE release_date = :day ORDER BY position, rule"
            ),
            {"day": date(2021, 7, 23)},
        ).all()
        unattached = connection.execute(
            text("SELECT COUNT(*) FROM v_rule_change_reason WHERE rule = '502.59a'")
        ).scalar()
    assert rows[0] == (
        "107.16",
        "rule",
        "The level bar on Class cards has some rules meaning, so it joins the numbers and "
        "symbols section right under chapter abilities found on Saga cards.",
        "Comprehensive Rules Changes",
    )
    assert {"205.2a", "205.3h", "717"} <= {row[0] for row in rows}
    assert unattached == 0  # the change the file did not make is no reason for any rule


@pytest.mark.parametrize("backend", ["sqlite", "postgresql"])
def test_web_pages_quote_the_reason(shared_head_engine: Engine) -> None:
    from rulesdb.web import pages

    found = pages.changed_rules(
        shared_head_engine, pages.compare(shared_head_engine, date(2021, 6, 18), date(2021, 7, 23))
    )
    (entry,) = [e for e in found["changed"] if e["number"] == "205.2a"]
    assert entry["why"][0].why.startswith("Dungeon and Class cards join")
    assert found["bulletins"][0]["status"] == "curated"
    rule = pages.rule_page(shared_head_engine, "107.1b", "2017-07-08")
    reasons = [r.why for item in rule["versions"] for r in item["version"].why]
    assert any(r.startswith("We always have to keep an eye on effects") for r in reasons)


def test_web_diff_and_changes_pages_render_the_reason(_head_sqlite: Path) -> None:
    pytest.importorskip("datasette", reason="the web extra is not installed")
    from rulesdb.web.server import build

    site = build(_head_sqlite)
    diff = asyncio.run(
        site.client.get("/diff", params={"from": "2009-10-01", "to": "2010-02-01"})
    ).text
    assert "A rewrite for clarity of the &#34;Golden Rule&#34; rule." in diff
    assert 'class="why"' in diff and "January 2010 Update Bulletin" in diff
    changes = asyncio.run(
        site.client.get("/changes", params={"since": "2021-06-18", "to": "2021-07-23"})
    ).text
    assert "Dungeon and Class cards join the lists of card types" in changes


def test_mcp_tools_carry_the_reason(shared_head_url: URL) -> None:
    """rule_diff, changes and rule_history over the real protocol: why beside each change."""
    from tests.test_mcp import answer, talk

    async def conversation(session: Any) -> None:
        page = await answer(
            session, "rule_diff", **{"from": "2021-06-18", "to": "2021-07-23", "part": "changed"}
        )
        assert page["bulletins"][0]["status"] == "curated"
        (entry,) = [e for e in page["entries"] if e["number"] == "205.2a"]
        assert entry["why"][0].startswith("Why (Wizards, 2021-07-15): Dungeon and Class cards")
        digest = await answer(
            session, "changes", since="2009-10-01", to="2010-02-01", part="rules", limit=100
        )
        (rule,) = [e for e in digest["entries"] if e["number"] == "101.2"]
        assert 'A rewrite for clarity of the "Golden Rule" rule.' in rule["why"][0]
        history = await answer(
            session, "rule_history", number="107.1b", as_of="2017-07-08", limit=100
        )
        reasons = [r["why"] for v in history["versions"] for r in v["why"]]
        assert any(r.startswith("We always have to keep an eye on effects") for r in reasons)

    talk(shared_head_url, conversation)


@pytest.mark.parametrize("backend", ["sqlite", "postgresql"])
def test_the_type_diff_gives_the_new_subtypes_reason(shared_head_url: URL) -> None:
    with rulesdb.open(shared_head_url) as rules:
        comparison = rules.diff("2021-06-18", "2021-07-23")
        later = rules.diff("2024-06-07", "2024-07-30")
    (reason,) = comparison.why
    assert reason.heading == "New Subtypes" and reason.why.startswith("Creature: Bard, Beholder")
    assert "*Why (Wizards, 2021-07-15): Creature: Bard" in comparison.to_markdown()
    assert later.why == [] and later.to_json()["why"] == []


@pytest.mark.fast
@pytest.mark.parametrize(
    ("text", "said"),
    [
        ("release = 2021-07-23\ntitle = ", "curated/bulletins/2021-07-23.toml: Invalid value"),
        (
            'release = 2021-07-23\ntitle = "t"\npublished = 2021-07-15\nurl = ""\n'
            'archived = ""\nsource = ""\n[[entry]]\nkind = "rule"\nrules = ["1"]\n'
            'why = "w"\nmade = false\n',
            "2021-07-23.toml entry 1: made = false needs a note saying why",
        ),
        (
            'release = 2021-07-24\ntitle = "t"\npublished = 2021-07-15\nurl = ""\n'
            'archived = ""\nsource = ""\n',
            "2021-07-23.toml: a bulletin's file is named by its release's date",
        ),
        ('release = 2021-07-23\nurl = ""\n', "2021-07-23.toml: missing ['archived', 'published',"),
        (
            'release = "2021-07-23"\ntitle = "t"\npublished = 2021-07-15\nurl = ""\n'
            'archived = ""\nsource = ""\n',
            "2021-07-23.toml: release must be a TOML date",
        ),
        (
            'release = 2021-07-23\ntitle = "t"\npublished = 2021-07-15\nurl = ""\n'
            'archived = ""\nsource = ""\n[[entry]]\nkind = "rules"\nwhy = "w"\n',
            "2021-07-23.toml entry 1: kind must be one of ('rule', 'renumbering', 'subtypes',",
        ),
        (
            'release = 2021-07-23\ntitle = "t"\npublished = 2021-07-15\nurl = ""\n'
            'archived = ""\nsource = ""\n[[entry]]\nkind = "rule"\nwhy = "w"\nrules = "1"\n',
            "2021-07-23.toml entry 1: rules must be a list",
        ),
        (
            'release = 2021-07-23\ntitle = "t"\npublished = 2021-07-15\nurl = ""\n'
            'archived = ""\nsource = ""\n[[entry]]\nkind = "rule"\nwhy = "w"\n'
            'release = "2021-07-23"\n',
            "2021-07-23.toml entry 1: release must be a TOML date",
        ),
    ],
)
def test_a_bad_curated_file_is_one_line_naming_it(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, text: str, said: str
) -> None:
    from rulesdb.authoring import bulletins
    from rulesdb.errors import RulesdbError

    (tmp_path / "2021-07-23.toml").write_text(text, encoding="utf-8")
    monkeypatch.setattr(bulletins, "_folder", lambda: tmp_path)  # the files read, not the code
    bulletins.curated_bulletins.cache_clear()
    try:
        with pytest.raises(RulesdbError, match=re.escape(said)) as raised:
            bulletins.curated_bulletins()
        assert "\n" not in str(raised.value)
    finally:
        bulletins.curated_bulletins.cache_clear()


@pytest.mark.parametrize("backend", ["sqlite", "postgresql"])
def test_a_reason_follows_its_rule_through_a_later_renumbering(shared_head_url: URL) -> None:
    """Worldwake's bulletin (2010-02-01) names lifelink's rules 702.13a and 702.13b (702.13a
    was 702.13b's words before) and landwalk's 702.12b and 702.12c; on 2011-06-17 the
    keywords moved down a number. Over the span the reasons stay with their rules, at the
    end's numbers — not with the rules those numbers belong to by then."""
    with rulesdb.open(shared_head_url) as rules:
        digest = rules.changes("2009-10-01", "2011-06-17")
    why = {r.number: [w.heading for w in r.why] for r in digest.rules}
    moved = {r.number: r.from_number for r in digest.rules}
    # lifelink: 702.13a (2009) → 702.13b (2010-02-01) → 702.14b, renumbered twice
    assert moved["702.14b"] == "702.13a" and why["702.14b"] == ["702.13a, 702.13b"]
    assert why["702.14a"] == ["702.13a, 702.13b"]  # the rule it split off, new in 2010-02-01
    # landwalk: 702.12b (2009) → 702.12c (2010-02-01) → 702.13c
    assert moved["702.13c"] == "702.12b" and why["702.13c"] == ["702.12b, 702.12c"]
    assert why["702.13b"] == ["702.12b, 702.12c"]  # was lifelink's reason before the fix


@pytest.mark.fast
@pytest.mark.parametrize(
    ("shape", "entry", "said"),
    [
        (
            "Rename",
            {"kind": "subtype", "from": "a", "rule": "1"},
            "missing ['effective_date', 'to']",
        ),
        (
            "Rename",
            {
                "kind": "subtype",
                "from": "a",
                "to": 3,
                "effective_date": date(2020, 1, 1),
                "rule": "1",
            },
            "to must be a name or a list of names",
        ),
        (
            "Rename",
            {
                **{"kind": "subtype", "from": "a", "to": "b", "rule": "1"},
                "effective_date": date(2020, 1, 1),
                "later": {"to": "c", "as_of": date(2021, 1, 1)},
            },
            "later: missing ['source']",
        ),
        (
            "UnknownSet",
            {"effective_date": date(2020, 1, 1), "source": ""},
            "source must not be blank",
        ),
        ("LineageLink", {"rule": "1"}, "missing ['effective_date', 'from', 'source']"),
    ],
)
def test_every_curated_loader_checks_with_one_validator(
    shape: str, entry: dict[str, Any], said: str
) -> None:
    """The one validator of the curated files (curated/shapes.py): one line, naming the place."""
    from rulesdb.authoring.curated import shapes
    from rulesdb.errors import RulesdbError

    with pytest.raises(RulesdbError) as raised:
        shapes.checked("merges.toml entry 4", entry, getattr(shapes, shape))
    assert str(raised.value) == f"merges.toml entry 4: {said}"
