"""``rulesdb renumber-map FROM TO``: every rule of one release with its number in another, as
the lineage follows it. Checked against the official files of both releases and against
``lint-citations``' own verdicts; both backends."""

from __future__ import annotations

import csv
import io
import json
import tomllib
from datetime import date

import pytest
from sqlalchemy import Date, bindparam, text
from sqlalchemy.engine import URL

import rulesdb
from tests.settings import ROOT
from tests.support.data import cr_file
from tests.support.databases import url_text
from tests.support.runs import run_in_process

MH3, LATEST = "2024-06-07", "2026-08-07"


def first_line_of(day: str, number: str) -> str:
    """Rule ``number``'s line in the official file of ``day``, without its number."""
    for line in cr_file(day.replace("-", "")).read_text(encoding="utf-8-sig").splitlines():
        if line.startswith((f"{number}. ", f"{number} ")):
            return line.split(" ", 1)[1]
    raise AssertionError(f"{number} not in {day}")


def test_the_map_follows_rules_as_the_official_files_print_them(shared_head_url: URL) -> None:
    """MH3 → 2026-08-07, read in both files by hand first: 310.8 (battles' protector) is
    310.9, 701.14a (to play a land) is 701.18a, 721.2b is 724.2b with the same words; 509.2a
    (damage assignment order, removed in 2024) is gone; 100.4 keeps its number, reworded."""
    with rulesdb.open(url_text(shared_head_url)) as rules:
        found = {row["from"]: row for row in rules.renumber_map("MH3", LATEST).rows}
    for old, new in (("310.8", "310.9"), ("701.14a", "701.18a"), ("721.2b", "724.2b")):
        assert found[old]["to"] == new and found[old]["status"] == "renumbered", found[old]
        assert first_line_of(MH3, old) == first_line_of(LATEST, new)
    assert found["509.2a"] == {
        "from": "509.2a",
        "to": None,
        "status": "gone",
        "reworded": False,
        "uncertain": False,
    }
    assert found["100.4"]["status"] == "same" and found["100.4"]["reworded"]
    assert first_line_of(MH3, "100.4") != first_line_of(LATEST, "100.4")


def test_a_rule_moved_down_by_one_inserted_before_it(shared_head_url: URL) -> None:
    """PIP (2024-03-08) → OTJ (2024-04-12), read in both files: OTJ inserted a new 500.10, so
    500.10 (skipping a step) is 500.11 with the same words and 500.11 (no game events between
    turns) is 500.12, its words reordered ("between steps, phases, or turns")."""
    with rulesdb.open(url_text(shared_head_url)) as rules:
        found = {row["from"]: row for row in rules.renumber_map("2024-03-08", "OTJ").rows}
    assert (found["500.10"]["to"], found["500.10"]["reworded"]) == ("500.11", False)
    assert (found["500.11"]["to"], found["500.11"]["reworded"]) == ("500.12", True)
    assert first_line_of("2024-03-08", "500.10") == first_line_of("2024-04-12", "500.11")
    assert first_line_of("2024-03-08", "500.11") != first_line_of("2024-04-12", "500.12")
    assert [r["from"] for r in found.values() if r["status"] != "same"] == ["500.10", "500.11"]


def test_the_map_agrees_with_lint_citations(shared_head_url: URL) -> None:
    """Every rule of MH3 checked as a citation written then (``--since MH3``) against
    2026-08-07: renumbered to the same number, gone exactly where the citation is missing
    (or its number now names another rule), same where it is fine or changed in place; and
    uncertain exactly where lint-citations says its verdict rests on an undecided link."""
    with rulesdb.open(url_text(shared_head_url)) as rules:
        mapped = {
            r["from"]: r for r in rules.renumber_map(MH3, LATEST).rows if "#" not in r["from"]
        }
        checks = rules.check_citations(mapped, as_of=LATEST, since=MH3)
    assert len(mapped) > 3000
    for number, row in mapped.items():
        check = checks[number]
        # The gate does not follow merges: a merged row's doubt is its merge link's.
        assert row["uncertain"] == check.uncertain or row["status"] == "merged", (row, check)
        if row["status"] == "renumbered":
            assert (check.status, check.now) == ("renumbered", row["to"]), (row, check)
        elif row["status"] in ("gone", "merged"):  # the gate reads a merged rule as missing
            assert check.status in ("missing", "changed") and check.now is None, (row, check)
        else:
            assert check.status in ("fine", "changed"), (row, check)
    assert sum(r["status"] == "renumbered" for r in mapped.values()) == sum(
        c.status == "renumbered" for c in checks.values()
    )


def test_a_rule_merged_into_another_maps_to_it(shared_head_url: URL) -> None:
    """M10 (2009-07-11) folded 502.10c (first strike and double strike, read in both files:
    "... it deals combat damage in the first-strike combat damage step") into 702.19c's rule
    on trample with them; 2023-04-14 folded 713.12 into 712.19. Forward, the map names the
    rule that took each (merged, reworded); backward a merge is not followed."""
    with rulesdb.open(url_text(shared_head_url)) as rules:
        m10 = {row["from"]: row for row in rules.renumber_map("2009-05-01", "2009-07-11").rows}
        back = {row["from"]: row for row in rules.renumber_map("2009-07-11", "2009-05-01").rows}
        later = rules.renumber_map("2023-02-03", "2023-04-14")
    assert (m10["502.10c"]["to"], m10["502.10c"]["status"]) == ("702.19c", "merged")
    assert m10["502.10c"]["reworded"]
    assert back["702.19c"]["to"] != "502.10c"
    assert {r["from"]: r["to"] for r in later.rows if r["status"] == "merged"}["713.12"] == (
        "712.19"
    )
    assert sum(later.counts().values()) == len(later.rows)


def test_json_csv_and_the_sql_cookbook_give_one_map(shared_head_url: URL) -> None:
    url = url_text(shared_head_url)
    as_json = run_in_process("--db", url, "renumber-map", "MH3", LATEST, "--format", "json")
    assert as_json.returncode == 0, as_json.stderr
    document = json.loads(as_json.stdout)
    assert (document["from"], document["to"]) == (MH3, LATEST)
    assert sum(document["counts"].values()) == len(document["rules"])
    as_csv = run_in_process("--db", url, "renumber-map", "MH3", LATEST, "--format", "csv")
    rows = list(csv.DictReader(io.StringIO(as_csv.stdout)))
    assert list(rows[0]) == ["from", "to", "status", "reworded", "uncertain"]
    assert [(r["from"], r["to"] or None, r["status"]) for r in rows] == [
        (r["from"], r["to"], r["status"]) for r in document["rules"]
    ]
    backwards = json.loads(
        run_in_process("--db", url, "renumber-map", LATEST, "MH3", "--format", "json").stdout
    )
    there = {r["from"]: r["to"] for r in document["rules"] if r["status"] == "renumbered"}
    back = {r["from"]: r["to"] for r in backwards["rules"] if r["status"] == "renumbered"}
    assert back == {new: old for old, new in there.items()}
    cookbook = tomllib.loads((ROOT / "rulesdb/web/queries.toml").read_text())["renumber_map"]
    with rulesdb.open(url) as rules, rules.engine.connect() as connection:
        statement = text(cookbook["sql"]).bindparams(
            bindparam("from_release", type_=Date()), bindparam("to_release", type_=Date())
        )
        found = connection.execute(
            statement, {"from_release": date(2024, 6, 7), "to_release": date(2026, 8, 7)}
        )
        assert {cited: now for cited, now in found} == there


@pytest.mark.parametrize(
    ("args", "message"),
    [
        (["1990-01-01"], "no release was in force on 1990-01-01"),
        (["MH3", "2024-13-40"], "TO: '2024-13-40' is not a date"),
        (["Not A Set"], "FROM: "),
    ],
)
def test_bad_releases_are_one_line(shared_head_url: URL, args: list[str], message: str) -> None:
    done = run_in_process("--db", url_text(shared_head_url), "renumber-map", *args)
    assert done.returncode == 2 and done.stdout == ""
    assert done.stderr.count("\n") == 1 and message in done.stderr, done.stderr


def test_no_rule_maps_forward_twice(shared_head_url: URL) -> None:
    """Across the rebuilt rulebook of M10 (many rules split, merged and renumbered) and over
    the whole chain: each rule of FROM is listed once, and no rule of TO is the successor
    (same or renumbered) of two; a rule split off another is its source's successor never."""
    with rulesdb.open(url_text(shared_head_url)) as rules:
        spans = [
            rules.renumber_map(a, b)
            for a, b in (("2009-05-01", "2009-07-11"), ("1999-04-23", LATEST))
        ]
    for found in spans:
        sources = [row["from"] for row in found.rows]
        assert len(sources) == len(set(sources)), found.from_date
        targets = [r["to"] for r in found.rows if r["status"] in ("same", "renumbered")]
        assert len(targets) == len(set(targets)), found.from_date
