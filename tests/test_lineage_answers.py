"""What rule-history, rule-diff and the rule pages make of the lineage's doubts and
typography: a version that only retypesets the one before is no version with --substantive;
a number both releases print is never "removed and added". Both backends."""

from __future__ import annotations

import json
from datetime import date
from itertools import pairwise

import pytest
from sqlalchemy import Engine, text
from sqlalchemy.engine import URL

from rulesdb.questions.rulebook import rule_diff, rule_history
from tests.support.runs import run_cli

# Quotes, apostrophes, dashes and spaces: what retypesetting changes.
_TYPOGRAPHY = str.maketrans({"’": "'", "‘": "'", "“": '"', "”": '"', "—": "-", "–": "-"})


def words(value: str) -> str:
    return " ".join(value.translate(_TYPOGRAPHY).split())


def test_substantive_history_leaves_out_what_only_retypeset(shared_head_engine: Engine) -> None:
    """704.5j (the legend rule) was retypeset more often than reworded: each version
    --substantive lists changed words; the whole history lists the retypesettings too, each
    one 'retypeset', not 'reworded'."""
    every = rule_history(shared_head_engine, "704.5j")
    substantive = rule_history(shared_head_engine, "704.5j", substantive=True)
    retypeset = [v for v in every if v.how == "retypeset"]
    assert retypeset and len(substantive) == len(every) - len(retypeset)
    assert all(v.how != "retypeset" for v in substantive)
    for before, after in pairwise(every):
        if after.how == "reworded":
            assert words(before.text) != words(after.text), after
        if after.how == "retypeset":
            assert words(before.text) == words(after.text) and before.text != after.text, after
    assert sum(v.releases for v in substantive) == sum(v.releases for v in every)


def test_substantive_on_the_command_line(
    small_url: URL, capsys: pytest.CaptureFixture[str]
) -> None:
    code, out, _ = run_cli(
        [
            "--db",
            str(small_url),
            "rule-history",
            "704.5j",
            "--substantive",
            "--format",
            "json",
        ],
        capsys,
    )
    versions = json.loads(out)
    assert code == 0 and versions and all(v["how"] != "retypeset" for v in versions)
    assert all(isinstance(v["uncertain"], bool) for v in versions)


@pytest.mark.parametrize(
    ("start", "end"),
    [
        ("2025-09-19", "2025-11-14"),
        ("2016-08-26", "2016-09-30"),
        ("2009-05-01", "2009-07-11"),
        ("2011-01-01", "2011-02-04"),
        ("2020-08-07", "2026-08-07"),
        ("1999-04-23", "2026-08-07"),
    ],
)
def test_rule_diff_never_removes_and_adds_one_number(
    shared_head_engine: Engine, start: str, end: str
) -> None:
    found = rule_diff(shared_head_engine, date.fromisoformat(start), date.fromisoformat(end))
    assert set(found.added) & set(found.removed) == set()
    doubted = [c for c in found.changed if c.get("uncertain")]
    assert all(c["number"] not in found.added for c in doubted)


def test_the_stored_hows_say_what_changed(shared_head_engine: Engine) -> None:
    """Across every release: a link 'retypeset' keeps the number and the words; 'reworded'
    keeps the number and changes words; 'renumbered' keeps text under a new number."""
    with shared_head_engine.connect() as connection:
        rows = connection.execute(
            text(
                "SELECT k.how, k.number, k.from_number, ta.text AS after, ta.examples AS after_ex, "
                "tb.text AS before, tb.examples AS before_ex FROM rule_link k "
                "JOIN rule_span a ON a.number = k.number AND a.occurrence = k.occurrence "
                " AND k.release_date BETWEEN a.first_release AND a.last_release "
                "JOIN rulebook_text ta ON ta.id = a.text_id "
                "JOIN rule_span b ON b.number = k.from_number AND b.occurrence = k.from_occurrence "
                " AND (SELECT max(release_date) FROM release_rulebook "
                "      WHERE release_date < k.release_date) BETWEEN b.first_release "
                " AND b.last_release "
                "JOIN rulebook_text tb ON tb.id = b.text_id "
                "WHERE k.how IN ('retypeset', 'reworded')"
            )
        ).all()
    assert {row.how for row in rows} == {"retypeset", "reworded"}
    for row in rows:
        assert row.number == row.from_number
        same = [words(t) for t in (row.before, *json.loads(row.before_ex))] == [
            words(t) for t in (row.after, *json.loads(row.after_ex))
        ]
        assert same == (row.how == "retypeset"), (row.number, row.how)


def test_rule_pages_fold_retypeset_versions(small_engine: Engine) -> None:
    from rulesdb.web.pages import rule_page

    page = rule_page(small_engine, "704.5j")
    hows = [item["version"].how for item in page["versions"]]
    assert "retypeset" not in hows and len(hows) == len(
        rule_history(small_engine, "704.5j", substantive=True)
    )
