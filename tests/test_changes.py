"""``rulesdb changes``: the digest of a span of releases, checked against the official files
it summarises and against the pairwise diffs of each release in the span. Both backends."""

from __future__ import annotations

import json
import re
from datetime import date
from itertools import pairwise

import pytest
from sqlalchemy import Engine
from sqlalchemy.engine import URL

from rulesdb.questions.changes import changes, substance
from rulesdb.questions.lineage import release_lineages
from rulesdb.questions.rulebook_diff import rule_diff
from tests.support.data import cr_file
from tests.support.runs import run_cli

OTJ, MH3 = date(2024, 4, 12), date(2024, 6, 7)
_RULE_LINE = re.compile(r"^(\d{3}(?:\.\d+[a-z]?)?)\.? (.+)$")


def file_rules(day: str) -> dict[str, str]:
    """Each rule line of an official file, by number (the rules part only, first occurrence)."""
    text = cr_file(day).read_text(encoding="utf-8-sig")
    body = text[text.index("\n100.1. ") : text.index("\nGlossary\n", text.index("\n100.1. "))]
    found: dict[str, str] = {}
    for line in body.splitlines():
        match = _RULE_LINE.match(line.strip())
        if match:
            found.setdefault(match.group(1), match.group(2))
    return found


def test_kindred_span_matches_the_official_files(shared_head_engine: Engine) -> None:
    """OTJ → MH3 (tribal became kindred; Naga, Cephalid and Viashino merged): every rule the
    two official files print under one number with other words is in the digest as changed,
    or was moved; every rule changed in the digest differs in the files or in its examples."""
    digest = changes(shared_head_engine, OTJ, MH3)
    before, after = file_rules("20240412"), file_rules("20240607")
    by_change = {
        c: {r.number for r in digest.rules if r.change == c}
        for c in ("changed", "added", "moved", "moved and changed", "removed")
    }
    shifted = (
        {r.number for r in digest.rules if r.from_number}
        | {r.from_number for r in digest.rules if r.from_number}
        | by_change["added"]
    )
    differing = {
        n for n in before.keys() & after.keys() if substance(before[n]) != substance(after[n])
    }
    assert differing - shifted <= by_change["changed"]
    assert {"205.2a", "205.3m", "300.1", "308", "308.2", "702.89a"} <= by_change["changed"]
    assert {"308.3", "702.89b"} <= by_change["added"]
    for rule in digest.rules:
        if rule.change == "changed" and rule.number not in differing:
            # Its rule line is the same: its examples changed.
            assert rule.before and rule.after
            assert substance(rule.before.split("\n")[0]) == substance(rule.after.split("\n")[0])
            assert substance(rule.before) != substance(rule.after)
        assert rule.releases == ["2024-06-07"], rule
    vocabulary = digest.vocabulary
    assert {"kind": "card_type", "from": "tribal", "to": "kindred"} in vocabulary.renamed
    assert ("Naga", "Snake") in {(m["from"], m["to"]) for m in vocabulary.merged}
    glossary = {(g.change, g.term) for g in digest.glossary}
    assert {("added", "Kindred"), ("removed", "Tribal"), ("changed", "Creature Type")} <= glossary


def creature_types(day: str) -> set[str]:
    """The creature types an official file's rule 205.3m lists."""
    line = file_rules(day)["205.3m"]  # "... two words long: Time Lord. All other ... long: A, B"
    lists = re.findall(r"long: (.*?)\.(?= |$)", line)
    return {name.strip().removeprefix("and ") for found in lists for name in found.split(",")}


def test_each_type_added_is_dated_by_the_release_that_added_it(
    shared_head_engine: Engine, shared_head_url: URL, capsys: pytest.CaptureFixture[str]
) -> None:
    """MH3 → the latest: each creature type added is dated by the release whose official
    file first lists it in 205.3m (the file before it does not); every addition has a date;
    the Markdown says each release's additions on a line of their own."""
    digest = changes(shared_head_engine, MH3, None)
    spans = [MH3.isoformat(), *digest.releases]
    added = digest.vocabulary.added["creature"]
    dated = digest.vocabulary_releases["added"]["creature"]
    assert sorted(dated) == added and len(added) > 20
    for name, day in dated.items():
        before = spans[spans.index(day) - 1]
        assert name in creature_types(day.replace("-", "")), (name, day)
        assert name not in creature_types(before.replace("-", "")), (name, before)
    for change in ("added", "removed"):
        for key, names in getattr(digest.vocabulary, change).items():
            assert sorted(digest.vocabulary_releases[change][key]) == names, (change, key)
    code, out, _ = run_cli(
        ["--db", str(shared_head_url), "changes", "--since", "MH3", "--format", "markdown"],
        capsys,
    )
    assert code == 0
    assert "- Added in 2024-09-20 (DSK): Glimmer, Toy\n" in out


@pytest.mark.parametrize(
    ("start", "end"), [("2023-09-01", "2024-11-08"), ("2015-09-26", "2026-08-07")]
)  # BFZ → latest
def test_net_changes_once_against_the_pairwise_diffs(
    shared_head_engine: Engine, start: str, end: str
) -> None:
    """Each rule at most once; each release a rule is said to have changed in is one whose
    pairwise diff changes it; every rule a pairwise diff changed is in the digest unless its
    text at the end is its text at the start (a change undone is no change)."""
    first, last = date.fromisoformat(start), date.fromisoformat(end)
    with shared_head_engine.connect() as connection:
        digest = changes(connection, first, last)
        numbers = [r.number for r in digest.rules if r.change != "removed"]
        assert len(numbers) == len(set(numbers))
        days = [date.fromisoformat(digest.since), *map(date.fromisoformat, digest.releases)]
        assert len(days) > 3
        lineages = release_lineages(connection, days[-1])
        touched: dict[str, set[str]] = {}  # lineage -> releases whose pairwise diff touched it
        for older, newer in pairwise(days):
            pair = rule_diff(connection, older, newer)
            at_newer = release_lineages(connection, newer)
            for number in (
                [c["number"] for c in pair.changed] + [m["to"] for m in pair.moved] + pair.added
            ):
                touched.setdefault(at_newer[number], set()).add(newer.isoformat())
    listed = {lineages[r.number] for r in digest.rules if r.change != "removed"}
    for rule in digest.rules:
        if rule.change != "removed":
            assert rule.releases, rule
            assert set(rule.releases) <= touched.get(lineages[rule.number], set()), rule
    numbers_now = {name: number for number, name in lineages.items()}
    for lineage in touched.keys() - listed:
        if lineage in numbers_now:  # touched on the way, the same at both ends: not listed
            assert not [r for r in digest.rules if r.number == numbers_now[lineage]]


def test_changes_on_the_command_line(
    shared_head_url: URL, capsys: pytest.CaptureFixture[str]
) -> None:
    code, out, _ = run_cli(
        [
            "--db",
            str(shared_head_url),
            "changes",
            "--since",
            "OTJ",
            "--to",
            "MH3",
            "--format",
            "markdown",
        ],
        capsys,
    )
    assert code == 0
    lines = out.splitlines()
    assert lines[0] == "# Comprehensive Rules changes since 2024-04-12 (OTJ)"
    assert "- Rules: 5 added, 0 removed," in out and "## 3. Card Types" in out
    assert "- **308** changed in 2024-06-07 (MH3): ~~Tribals~~ **Kindreds**" in out
    assert "- card type renamed: tribal → kindred" in out
    code, out, _ = run_cli(
        [
            "--db",
            str(shared_head_url),
            "changes",
            "--since",
            "2024-04-12",
            "--to",
            "2024-06-07",
            "--format",
            "json",
        ],
        capsys,
    )
    document = json.loads(out)
    assert (
        code == 0 and document["since"] == "2024-04-12" and document["releases"] == ["2024-06-07"]
    )
    assert document["counts"]["added"] == sum(
        1 for s in document["sections"] for r in s["rules"] if r["change"] == "added"
    )


def test_an_empty_digest_says_why(shared_head_url: URL, capsys: pytest.CaptureFixture[str]) -> None:
    code, out, err = run_cli(
        [
            "--db",
            str(shared_head_url),
            "changes",
            "--since",
            "MH3",
            "--to",
            "2024-06-08",
            "--format",
            "text",
        ],
        capsys,
    )
    assert code == 0
    assert "same release (2024-06-07)" in out and "same release (2024-06-07)" in err
    code, _, err = run_cli(
        ["--db", str(shared_head_url), "changes", "--since", "MH3", "--to", "OTJ"], capsys
    )
    assert code == 2 and "before --since" in err and "Traceback" not in err
    code, _, err = run_cli(["--db", str(shared_head_url), "changes", "--since", "NOPE"], capsys)
    assert code == 2 and "NOPE" in err


# The frictions issue #41 found beside the digest.


def test_search_says_how_many_and_pages(
    shared_head_url: URL, capsys: pytest.CaptureFixture[str]
) -> None:
    """ "kindred" matches 12 entries of MH3: 10 shown by default with the total said, the
    pages together are every match once."""
    base = ["--db", str(shared_head_url), "search", "kindred", "--as-of", "MH3", "--format", "json"]
    code, out, err = run_cli(base, capsys)
    first = json.loads(out)
    assert code == 0 and len(first) == 10
    total = int(re.search(r"of (\d+) matches", err).group(1))  # type: ignore[union-attr]
    assert total > 10 and "--offset 10 for the next" in err
    code, out, err = run_cli([*base, "--offset", "10"], capsys)
    rest = json.loads(out)
    assert code == 0 and len(rest) == total - 10 and f"11–{total} of {total}" in err
    everything = json.loads(run_cli([*base, "--limit", "100"], capsys)[1])
    assert first + rest == everything
    code, out, err = run_cli([*base, "--offset", "500"], capsys)
    assert code == 0 and json.loads(out) == [] and f"{total} in all" in err


def test_rule_diff_of_one_block_and_against_the_release_before(
    shared_head_url: URL, capsys: pytest.CaptureFixture[str]
) -> None:
    base = ["--db", str(shared_head_url), "rule-diff"]
    _, alone, _ = run_cli([*base, "MH3", "--format", "json"], capsys)
    _, both, _ = run_cli([*base, "OTJ", "MH3", "--format", "json"], capsys)
    assert json.loads(alone) == json.loads(both)
    code, out, _ = run_cli([*base, "MH3", "--rule", "702.11", "--format", "json"], capsys)
    block = json.loads(out)
    assert code == 0 and block["added"] == ["702.11g"]
    assert [(m["from"], m["to"]) for m in block["moved"]] == [("702.11g", "702.11h")]
    assert [c["number"] for c in block["changed"]] == ["702.11f"]
    code, out, err = run_cli([*base, "MH3", "--rule", "704", "--format", "json"], capsys)
    assert code == 0 and "no rule changed from 2024-04-12 to 2024-06-07" in err


def test_an_empty_listing_says_why(
    shared_head_url: URL, capsys: pytest.CaptureFixture[str]
) -> None:
    code, out, err = run_cli(
        ["--db", str(shared_head_url), "supertypes", "--as-of", "2002-01-01", "--format", "json"],
        capsys,
    )
    assert (code, json.loads(out)) == (0, [])
    assert "the release of 2001-09-24 lists no supertypes" in err
