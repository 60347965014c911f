"""The foundation's CLI contract on both backends: listings, formats, --as-of, errors."""

from __future__ import annotations

import csv
import io
import json
import subprocess
import sys
from pathlib import Path

import pytest
from sqlalchemy.engine import URL

from rulesdb.store import chain
from tests.support.databases import url_text
from tests.support.runs import run_in_process

CATEGORIES = [
    "artifact",
    "enchantment",
    "land",
    "planeswalker",
    "spell",
    "creature",
    "planar",
    "dungeon",
    "battle",
]


rulesdb = run_in_process  # the entry point in this process; a real one where that is the point


def run_json(url: URL, *args: str) -> object:
    result = rulesdb("--db", url_text(url), *args, "--format", "json")
    assert result.returncode == 0, result.stderr
    return json.loads(result.stdout)


def test_first_release_lists_match_cr_2020_08_07(small_url: URL) -> None:
    day = "2020-08-07"
    assert len(run_json(small_url, "card-types", "--as-of", day)) == 13
    assert [row["name"] for row in run_json(small_url, "supertypes", "--as-of", day)] == [
        "basic",
        "legendary",
        "ongoing",
        "snow",
        "world",
    ]
    counts: dict[str, int] = {}
    for row in run_json(small_url, "subtypes", "--as-of", day):
        counts[row["category"]] = counts.get(row["category"], 0) + 1
    assert counts == {
        "artifact": 8,
        "enchantment": 5,
        "land": 13,
        "planeswalker": 56,
        "spell": 3,
        "creature": 251,
        "planar": 43,
    }
    planar = {
        row["name"]
        for row in run_json(small_url, "subtypes", "--category", "planar", "--as-of", day)
    }
    assert "Bolas’s Meditation Realm" in planar  # multi-word planar types are one subtype
    land = [
        row["name"] for row in run_json(small_url, "subtypes", "--category", "land", "--as-of", day)
    ]
    assert "Urza’s" in land  # the official curly apostrophe is kept


def test_as_of_picks_release_in_force(shared_head_url: URL) -> None:
    # 2024-06-07 renamed tribal to kindred; the day before, tribal was still in force.
    def names(day: str) -> set[str]:
        return {row["name"] for row in run_json(shared_head_url, "card-types", "--as-of", day)}

    before, on = names("2024-06-06"), names("2024-06-07")
    assert "tribal" in before and "kindred" not in before
    assert "kindred" in on and "tribal" not in on


def test_default_release_is_latest(shared_head_url: URL) -> None:
    releases = run_json(shared_head_url, "releases")
    assert [r["effective_date"] for r in releases] == sorted(r["effective_date"] for r in releases)
    assert len(releases) == 136 and releases[0]["effective_date"] == "1999-04-23"
    latest = run_json(shared_head_url, "subtypes", "--category", "creature")
    assert latest == run_json(
        shared_head_url,
        "subtypes",
        "--category",
        "creature",
        "--as-of",
        releases[-1]["effective_date"],
    )


def test_json_keys_and_category_names(small_url: URL) -> None:
    rows = run_json(small_url, "subtypes")
    assert all(list(row) == ["name", "category", "rule", "release"] for row in rows)
    assert sorted({row["category"] for row in rows}) == sorted(CATEGORIES)
    for category in CATEGORIES:
        listed = run_json(small_url, "subtypes", "--category", category)
        assert listed and {row["category"] for row in listed} == {category}
    assert list(run_json(small_url, "releases")[0]) == [
        "effective_date",
        "set",
        "source_file",
        "revision",
        "set_code",
        "set_name",
        "set_status",
    ]


def test_output_is_sorted_and_identical_in_every_format(small_url: URL) -> None:
    rows = run_json(small_url, "subtypes", "--category", "creature")
    names = [row["name"] for row in rows]
    assert names == sorted(names)
    result = rulesdb(
        "--db", url_text(small_url), "subtypes", "--category", "creature", "--format", "csv"
    )
    parsed = list(csv.DictReader(io.StringIO(result.stdout)))
    assert [row["name"] for row in parsed] == names
    table = rulesdb(
        "--db", url_text(small_url), "subtypes", "--category", "creature", "--format", "table"
    ).stdout.splitlines()
    assert table[0].split() == ["name", "category", "rule"]
    assert [line.split()[0] for line in table[2:]] == [n.split()[0] for n in names]


@pytest.mark.parametrize("command", ["card-types", "supertypes", "subtypes", "search"])
def test_listings_name_the_release_that_answered(small_url: URL, command: str) -> None:
    """On stderr beside a table or Markdown, as a column of JSON and CSV: the release in
    force on the date asked (2020-08-07 on 2021-03-01), or the latest."""
    db = ["--db", url_text(small_url), command, *(["trample"] if command == "search" else [])]
    for fmt in ("table", "markdown"):
        shown = rulesdb(*db, "--as-of", "2021-03-01", "--format", fmt)
        assert shown.returncode == 0 and "2020-08-07" not in shown.stdout
        assert "rulesdb: release 2020-08-07 (in force on 2021-03-01)" in shown.stderr.splitlines()
    latest = rulesdb(*db, "--format", "table").stderr.splitlines()
    assert "rulesdb: release 2026-08-07 (the latest)" in latest
    exact = rulesdb(*db, "--as-of", "2020-08-07", "--format", "table").stderr.splitlines()
    assert "rulesdb: release 2020-08-07" in exact
    rows = run_json(small_url, *db[2:], "--as-of", "2021-03-01")
    assert rows and {row["release"] for row in rows} == {"2020-08-07"}
    table = rulesdb(*db, "--as-of", "2021-03-01", "--format", "csv")
    parsed = list(csv.DictReader(io.StringIO(table.stdout)))
    assert parsed and {row["release"] for row in parsed} == {"2020-08-07"}
    assert "2020-08-07" not in table.stderr  # said in the rows, not twice


@pytest.mark.parametrize(
    ("args", "message"),
    [
        (
            ["card-types", "--as-of", "1999-04-22"],
            "no release was in force on 1999-04-22: the first release loaded is 1999-04-23",
        ),
        (["subtypes", "--category", "wizard"], "unknown category 'wizard'"),
        (["supertypes", "--as-of", "2020-02-30"], "'2020-02-30' is not a date"),
        (
            ["subtypes", "--as-of", "yesterday"],
            "'yesterday' is neither a date (YYYY-MM-DD) nor the code or name of a set",
        ),
        (["card-types", "--format", "xml"], "'xml' is not one of"),
        (["no-such-command"], "No such command"),
    ],
)
def test_bad_input_is_one_line_exit_2(shared_head_url: URL, args: list[str], message: str) -> None:
    result = rulesdb("--db", url_text(shared_head_url), *args)
    assert result.returncode == 2
    assert result.stdout == ""
    lines = result.stderr.strip().splitlines()
    assert len(lines) == 1, result.stderr
    assert message in lines[0]


def test_current_and_history(small_url: URL) -> None:
    current = rulesdb("--db", url_text(small_url), "current")
    assert current.returncode == 0
    assert current.stdout.strip().endswith("(head)")
    revisions = rulesdb("revisions", "--format", "json")
    history = json.loads(revisions.stdout)
    assert history[0]["revision"] == "0001_schema"
    assert history[-1]["revision"] in current.stdout
    # The old spelling keeps working for existing scripts, with a one-line pointer.
    old = rulesdb("history", "--format", "json")
    assert (old.returncode, old.stdout) == (0, revisions.stdout)
    assert old.stderr == "rulesdb: note: 'history' without WORD is now 'rulesdb revisions'\n"


def test_upgrade_downgrade_by_revision(empty_url: URL) -> None:
    db = url_text(empty_url)
    # The first release: two revisions up and down (any release behind head would do).
    assert rulesdb("--db", db, "upgrade", "cr_1999_04_23").returncode == 0
    assert "cr_1999_04_23 (head is" in rulesdb("--db", db, "current").stdout
    # An explicit database behind head is not changed behind the user's back: it answers
    # from the releases it holds, with one warning line naming the head.
    behind = rulesdb("--db", db, "card-types", "--format", "json")
    assert behind.returncode == 0, behind.stderr
    assert {row["rule"] for row in json.loads(behind.stdout)} == {"212.1"}  # Sixth Edition's
    [warning] = behind.stderr.splitlines()
    assert warning.startswith("rulesdb: warning: ") and "cr_1999_04_23" in warning
    assert f"head {chain.head_revision()}" in warning and "upgrade" in warning
    assert "cr_1999_04_23 (head is" in rulesdb("--db", db, "current").stdout
    assert rulesdb("--db", db, "downgrade", "base").returncode == 0
    assert "base (empty)" in rulesdb("--db", db, "current").stdout
    assert rulesdb("--db", db, "upgrade", "no_such_revision").returncode == 2


def test_python_dash_m_and_console_script_agree(small_url: URL) -> None:
    script = Path(sys.executable).with_name("rulesdb")
    if not script.exists():
        pytest.skip("the rulesdb console script is not installed in this environment")
    via_script = subprocess.run(
        [str(script), "--db", url_text(small_url), "supertypes", "--format", "json"],
        capture_output=True,
        text=True,
        timeout=60,
    )
    assert via_script.returncode == 0
    assert json.loads(via_script.stdout) == run_json(small_url, "supertypes")


def test_glossary_history_substantive_leaves_out_quote_only_versions(small_url: URL) -> None:
    """Ante's definition of 2020-08-07 is 2009-10-01's with curly quotes ("for keeps."):
    a version of its own, none with --substantive."""
    from itertools import pairwise

    from rulesdb.util.typography import fold_typography

    every = run_json(small_url, "glossary", "ANTE", "--history")
    substantive = run_json(small_url, "glossary", "ante", "--history", "--substantive")
    assert isinstance(every, list) and isinstance(substantive, list)
    assert [v["first_release"] for v in every][:2] == ["2009-10-01", "2020-08-07"]
    assert "“for keeps.”" in every[1]["text"] and '"for keeps."' in every[0]["text"]
    assert len(substantive) < len(every)
    assert substantive[0]["first_release"] == "2009-10-01"
    assert substantive[0]["releases"] >= 2
    folded = [fold_typography(v["text"]) for v in substantive]
    assert all(a != b for a, b in pairwise(folded))
    refused = rulesdb("--db", url_text(small_url), "glossary", "ante", "--substantive")
    assert refused.returncode == 2 and "--history" in refused.stderr
