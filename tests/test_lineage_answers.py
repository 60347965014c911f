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

from rulesdb.questions.glossary import glossary_history
from rulesdb.questions.rulebook import rule_history
from rulesdb.questions.rulebook_diff import rule_diff
from rulesdb.util.typography import fold_typography
from tests.support.runs import run_cli


def words(value: str) -> str:
    return fold_typography(value)


def test_typography_folds_alike() -> None:
    """What retypesetting changes, as the releases printed it: 704.5j's quotes three ways,
    apostrophes, dashes with or without spaces, _italics_, ™ and ® however spelled."""
    legend = {
        fold_typography(text)
        for text in (
            'This is called the "Legend rule."',
            "This is called the 'Legend rule.'",
            "This is called the \u201cLegend rule.\u201d",
            "This is called the \u2018Legend rule.\u2019",
        )
    }
    assert len(legend) == 1
    assert fold_typography("owner\u2019s  graveyard") == fold_typography("owner's graveyard")
    assert fold_typography("a \u2014 b") == fold_typography("a--b") == fold_typography("a - b")
    assert fold_typography("only a _Magic_ card") == fold_typography("only a Magic card")
    assert fold_typography(
        "Odyssey\u2122 block and Ravnica(R), Oracle(TM), DCI\u00ae"
    ) == fold_typography("Odyssey block and Ravnica, Oracle, DCI")
    # Words stay words: a changed word, a snake_case-like name, a mana symbol are kept.
    assert fold_typography("the legend rule") != fold_typography("the world rule")
    assert fold_typography("(R) is not a mark here") == "(R) is not a mark here"


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


@pytest.mark.parametrize("number", ["704.5j", "702.19", "903.4"])
def test_substantive_history_has_no_typography_only_version(
    shared_head_engine: Engine, number: str
) -> None:
    """No version --substantive lists says the words of the one before it, typography aside
    (quotes of any kind, apostrophes, dashes, italics, ™/®)."""
    versions = rule_history(shared_head_engine, number, substantive=True)
    assert len(versions) > 1
    for before, after in pairwise(versions):
        if before.number != after.number:
            continue  # renumbered: a version for its new number, whatever its words
        assert [words(t) for t in (before.text, *before.examples)] != [
            words(t) for t in (after.text, *after.examples)
        ], (number, after.first_release)


# Definitions reprinted with only their typography changed, again and again (quotes, dashes).
GLOSSARY_RETYPESET = ("Modal, Mode", "Mana Ability", "Tombstone Icon", "Draw Step")


def test_substantive_glossary_history_has_no_typography_only_version(
    shared_head_engine: Engine,
) -> None:
    """The web's glossary pages: a definition retypeset is no new version; the whole history
    keeps it."""
    with shared_head_engine.connect() as connection:
        days = [
            str(day)
            for day in connection.execute(
                text("SELECT release_date FROM release_rulebook ORDER BY release_date")
            ).scalars()
        ]
    for term in GLOSSARY_RETYPESET:
        every = glossary_history(shared_head_engine, term)
        substantive = glossary_history(shared_head_engine, term, substantive=True)
        assert len(substantive) < len(every), term
        assert sum(v["releases"] for v in substantive) == sum(v["releases"] for v in every)
        for before, after in pairwise(substantive):
            if days.index(after["first_release"]) == days.index(before["last_release"]) + 1:
                assert words(before["text"]) != words(after["text"]), (term, after)
