"""Answers that lead somewhere: an old name names its successor, a rule number a release lacks
names where the rules other releases print under it were then (by their lineages), a glossary
term the term that replaced it, a search nobody answers whole what each word finds, a
mistyped SQLite path the file meant; on both backends."""

from __future__ import annotations

import json
import sqlite3
from pathlib import Path

import pytest
from sqlalchemy.engine import URL

import rulesdb
from rulesdb.errors import RulesdbError
from tests.support.databases import url_text
from tests.support.runs import run_cli


def one_line(head: URL, args: list[str], capsys: pytest.CaptureFixture[str]) -> tuple[int, str]:
    code, out, err = run_cli(["--db", url_text(head), *args], capsys)
    assert out == "" and len(err.splitlines()) == 1, err
    return code, err


def test_an_old_glossary_term_names_its_successor(
    shared_head_url: URL, capsys: pytest.CaptureFixture[str]
) -> None:
    code, err = one_line(shared_head_url, ["glossary", "Tribal"], capsys)
    assert code == 1
    assert (
        "no glossary entry 'Tribal' in release 2026-08-07; tribal was renamed kindred on "
        "2024-06-07 (205.2a): see 'Kindred'; nearest:"
    ) in err
    code, err = one_line(shared_head_url, ["glossary", "totem armor"], capsys)
    assert "Totem Armor was renamed Umbra Armor on 2024-06-07 (702.89): see 'Umbra Armor'" in err
    # Before the rename, no successor yet: only the nearest terms.
    code, out, _ = run_cli(
        ["--db", url_text(shared_head_url), "glossary", "Tribal", "--as-of", "2020-01-01"], capsys
    )
    assert code == 0 and '"term": "Tribal"' in out


def test_a_rule_number_a_release_lacks_names_where_it_was(
    shared_head_url: URL, capsys: pytest.CaptureFixture[str]
) -> None:
    code, err = one_line(shared_head_url, ["rule", "702.19", "--as-of", "2005-01-01"], capsys)
    assert code == 1
    assert err.startswith("rulesdb: error: no rule 702.19 in release 2004-10-01; ")
    # Each rule ever numbered 702.19, where it was in 2004-10-01, before the nearest numbers.
    assert (
        "702.19 (Banding, so numbered from 2009-07-11) is 502.10 here; "
        "702.19 (Vigilance, so numbered from 2011-06-17) is 502.14 here; "
        "702.19 (Trample, so numbered from 2013-07-13) is 502.9 here; nearest: "
    ) in err


def test_cite_of_an_old_name_names_its_successor(
    shared_head_url: URL, capsys: pytest.CaptureFixture[str]
) -> None:
    code, err = one_line(shared_head_url, ["cite", "tribal"], capsys)
    assert code == 2
    assert err == (
        "rulesdb: error: 'tribal' is not listed in release 2026-08-07 (in force now); "
        "renamed kindred on 2024-06-07 (205.2a); see: rulesdb cite kindred or "
        "rulesdb history tribal\n"
    )


def test_a_glossary_term_names_the_term_that_replaced_it_or_that_it_replaced(
    shared_head_url: URL, capsys: pytest.CaptureFixture[str]
) -> None:
    """From the glossary's own history: mana value replaced converted mana cost on
    2021-04-22 (both definitions read in the official files of 2021-02-15 and 2021-04-22)."""
    code, err = one_line(
        shared_head_url, ["glossary", "mana value", "--as-of", "2020-08-07"], capsys
    )
    assert code == 1
    assert (
        "no glossary entry 'mana value' in release 2020-08-07; 'Mana Value' replaced "
        "'Converted Mana Cost' on 2021-04-22: see 'Converted Mana Cost'; nearest:"
    ) in err
    code, err = one_line(shared_head_url, ["glossary", "converted mana cost"], capsys)
    assert (
        "'Converted Mana Cost' was replaced by 'Mana Value' on 2021-04-22: see 'Mana Value'"
    ) in err
    # One term made two: both named, both seen.
    code, err = one_line(shared_head_url, ["glossary", "Teams Variant"], capsys)
    assert (
        "'Teams Variant' was replaced by 'Alternating Teams Variant' and 'Team vs. Team "
        "Variant' on 2010-06-18: see 'Alternating Teams Variant', 'Team vs. Team Variant'"
    ) in err
    # A curated rename says it once (tribal: kindred), not again from the glossary.
    code, err = one_line(shared_head_url, ["glossary", "Tribal"], capsys)
    assert err.count("Kindred") == 1


def test_a_type_line_word_the_release_renamed_says_what_it_became(
    shared_head_url: URL, capsys: pytest.CaptureFixture[str]
) -> None:
    code, out, _ = run_cli(
        [
            "--db",
            url_text(shared_head_url),
            "explain",
            "Tribal Instant — Goblin",
            "--format",
            "table",
        ],
        capsys,
    )
    assert code == 1
    assert (
        "  Tribal: not a type this release lists. Renamed Kindred on 2024-06-07 (205.2a).\n" in out
    )
    assert "Tibalt" not in out  # no guess where the history knows
    code, out, _ = run_cli(
        ["--db", url_text(shared_head_url), "explain", "Creature — Naga", "--format", "table"],
        capsys,
    )
    assert (
        "  Naga: not a type this release lists. Merged into Snake on 2024-06-07 (205.3m).\n" in out
    )


def test_a_search_no_entry_answers_whole_says_what_each_word_finds(
    shared_head_url: URL, capsys: pytest.CaptureFixture[str]
) -> None:
    db = ["--db", url_text(shared_head_url)]
    code, out, err = run_cli(
        [*db, "search", "deathtouch trample lethal", "--format", "json"], capsys
    )
    assert (code, out.strip()) == (0, "[]")
    [why, hint] = err.splitlines()
    assert why == "rulesdb: no rule or glossary entry matches every word"
    assert hint.startswith("rulesdb: no entry has all 3 words; alone: deathtouch ")
    assert hint.endswith("; --any-word finds the entries with any of them")
    code, out, err = run_cli(
        [*db, "search", "deathtouch trample lethal", "--any-word", "--format", "json"], capsys
    )
    hits = json.loads(out)
    assert hits and {"702.2c", "702.19b"} & {hit.get("number") for hit in hits}
    code, out, err = run_cli([*db, "search", "deathtouch trampel", "--format", "json"], capsys)
    assert "trampel: in no entry (check the spelling)" in err


def test_a_missing_sqlite_file_is_no_database_never_empty(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    """A typo in --db or rulesdb.open() names the file meant and how to build one there;
    a missing folder is said first. Nothing is created at the typo."""
    monkeypatch.chdir(tmp_path)  # paths as a user types them: relative, short
    sqlite3.connect("rules.sqlite3").execute("CREATE TABLE t (x)").connection.close()
    Path("data").mkdir()
    for args in (["subtypes"], ["sql", "SELECT 1"], ["check", "Elf"]):
        code, out, err = run_cli(["--db", "sqlite:///rulse.sqlite3", *args], capsys)
        assert (code, out) == (2, ""), err
        assert err == (
            "rulesdb: error: no database at rulse.sqlite3 (did you mean rules.sqlite3? "
            "`rulesdb --db 'sqlite:///rulse.sqlite3' upgrade` builds one there)\n"
        )
    with pytest.raises(RulesdbError, match=r"^no database at rulse\.sqlite3 \(did you mean"):
        rulesdb.open("sqlite:///rulse.sqlite3")
    code, _, err = run_cli(["--db", "sqlite:///dta/rules.sqlite3", "subtypes"], capsys)
    assert err == (
        "rulesdb: error: no folder dta (for the database dta/rules.sqlite3; did you mean "
        "data?): create it, and `rulesdb --db 'sqlite:///dta/rules.sqlite3' upgrade` builds "
        "one there\n"
    )
    code, _, err = run_cli(["--db", "sqlite:///elsewhere.db", "subtypes"], capsys)
    assert "did you mean" not in err and "builds one there" in err  # nothing spelled alike
    assert sorted(p.name for p in tmp_path.iterdir()) == ["data", "rules.sqlite3"]
    # A file that is there but holds no rulesdb database is another matter: empty.
    code, _, err = run_cli(["--db", "sqlite:///rules.sqlite3", "subtypes"], capsys)
    assert code == 2 and "is empty" in err
