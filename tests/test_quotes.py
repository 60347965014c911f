"""The quote or description written with a citation, judged against the rule it cites
(``rulesdb.citations.quotes``, shared by lint-citations and the MCP server), on the real
releases of a head database (both backends)."""

from __future__ import annotations

from datetime import date

import pytest
from sqlalchemy.engine import URL

from rulesdb.citations.quotes import fold, judge_quote, quoted
from rulesdb.handle import open_rules

TOP = "Trample over planeswalkers is a variant of trample"
PRIORITY = "the active player receives priority at the beginning of most steps"  # 117.3a


@pytest.fixture
def rules(shared_head_url: URL):
    with open_rules(shared_head_url) as handle:
        yield handle


def test_fold_and_quoted() -> None:
    assert (
        fold("The  controller\u2019s \u201cTrample\u201d \u2014 X")
        == 'the controller\'s "trample" - x'
    )
    assert fold(r"a \"b\"") == 'a "b"'
    assert quoted(' "excess damage". ') == "excess damage"
    assert quoted("\u201cexcess damage\u201d") == "excess damage"
    assert quoted("excess damage") is None


def test_a_verbatim_quote_in_its_rule(rules) -> None:
    verdict = judge_quote(rules, "2024-06-07", "702.19c", f'"{TOP}"')
    assert (verdict.status, verdict.matches, verdict.judged, verdict.similarity) == (
        "fine",
        "702.19c",
        "verbatim",
        1.0,
    )
    assert verdict.release == date(2024, 6, 7) and verdict.verbatim
    # Typography folded: curly quotes, a different case, an ellipsis between two pieces.
    verdict = judge_quote(
        rules,
        "2024-06-07",
        "702.19c",
        "\u201ctrample over planeswalkers \u2026 that creature\u2019s combat damage\u201d",
    )
    assert verdict.status == "fine"
    # A heading holds its subrules' words.
    assert judge_quote(rules, "2024-06-07", "702.19", f'"{TOP}"').status == "fine"


def test_a_quote_moved_to_a_sibling_rule(rules) -> None:
    verdict = judge_quote(rules, "2024-06-07", "702.19b", f'"{TOP}"')
    assert (verdict.status, verdict.matches, verdict.judged) == ("mismatch", "702.19c", "verbatim")
    assert 0 < verdict.similarity < 1
    nowhere = judge_quote(
        rules, "2024-06-07", "702.19c", '"trample over dragons is a variant of flying"'
    )
    assert (nowhere.status, nowhere.matches) == ("mismatch", None)
    # Not strict (code): short quoted phrases and templates are card text as often as rules
    # text, judged only when long and in another rule's own text.
    for text in (
        '"excess damage"',
        '"that targets only [X] is a variant of trample"',
        '"trample over dragons is a variant of flying"',
    ):
        verdict = judge_quote(rules, "2024-06-07", "117.3", text, strict=False)
        assert (verdict.status, verdict.judged) == ("fine", "number")
        assert judge_quote(rules, "2024-06-07", "117.3", text).status == "mismatch"
    moved = judge_quote(rules, "2024-06-07", "702.19b", f'"{TOP}"', strict=False)
    assert (moved.status, moved.matches) == ("mismatch", "702.19c")


def test_a_renumbered_rule_with_its_quote(rules) -> None:
    # 502.9 (trample, until 2009) is 702.19: read as 2008 wrote it, the quote is the
    # successor's.
    verdict = judge_quote(rules, "2024-06-07", "502.9", '"excess damage"', since="2008-01-01")
    assert (verdict.status, verdict.now, verdict.matches) == ("renumbered", "702.19", "702.19")
    # Read as 2024-06-07 prints it, there is no 502.9: never followed from 2009.
    assert judge_quote(rules, "2024-06-07", "502.9", '"excess damage"').status == "missing"
    # A quote the successor lacks: the lineage's suggestion is not what the code meant.
    wrong = judge_quote(rules, "2024-06-07", "502.9", f'"{PRIORITY}"', since="2008-01-01")
    assert (wrong.status, wrong.now) == ("mismatch", "702.19")
    assert wrong.matches is not None and not wrong.matches.startswith("702.19")
    assert judge_quote(rules, "2024-06-07", wrong.matches, f'"{PRIORITY}"').status == "fine"


def test_descriptions(rules) -> None:
    assert (
        judge_quote(rules, "2024-06-07", "702.19c", "trample over planeswalkers").status == "fine"
    )
    wrong = judge_quote(
        rules, "2024-06-07", "609.3", "trample over planeswalkers assigns combat damage"
    )
    assert (wrong.status, wrong.judged) == ("mismatch", "description")
    # Words shared are no proof of the one rule meant: no suggestion.
    assert wrong.matches is None and "no rule clearly fits" in wrong.message
    # Terse: nothing to judge but the number; stop words alone are no description.
    for text in ("", "see below", "trample", "trample over planeswalkers"):
        verdict = judge_quote(rules, "2024-06-07", "609.3", text)
        assert (verdict.status, verdict.judged, verdict.similarity) == ("fine", "number", None)


def test_missing_number_names_the_rule_holding_the_quote(rules) -> None:
    verdict = judge_quote(rules.engine, date(2024, 6, 7), "999.1", f'"{TOP}"', verbatim=None)
    assert (verdict.status, verdict.matches) == ("missing", "702.19c")
