"""The lineage's screen for rules it calls gone (bench/screen_gone.py): every pair of a gone
rule and the new rule of the next release most like it by a sentence, judged by hand
(tests/fixtures/screen_judged.toml). The chain links each pair judged continuing; the screen
prints no pair nobody judged; a sentence said by several rules links nothing."""

from __future__ import annotations

import json
import tomllib
from datetime import date
from typing import Any

import pytest

from bench.screen_gone import THRESHOLD, screen
from rulesdb.authoring.lineage import _WORD, _folded
from rulesdb.authoring.lineage_sentences import as_words, sentence_pairs
from tests.settings import ROOT

JUDGED: list[dict[str, Any]] = tomllib.loads(
    (ROOT / "tests" / "fixtures" / "screen_judged.toml").read_text("utf-8")
)["pair"]


def _links(day: date) -> dict[str, str | None]:
    """Each rule of the release that does not continue its own number: where it comes from."""
    seed = json.loads(
        (ROOT / "seeds" / f"cr_{day.isoformat().replace('-', '_')}.json").read_bytes()
    )
    return {row[0]: row[2] for row in seed["lineage"] if row[1] == 1 and row[4] != "merged"}


def test_each_pair_judged_continuing_is_linked() -> None:
    assert {pair["verdict"] for pair in JUDGED} <= {"continues", "not", "ambiguous"}
    for pair in JUDGED:
        source = _links(pair["release"]).get(pair["new"], pair["new"])
        if pair["verdict"] == "continues":
            assert source == pair["gone"], pair
        elif pair["verdict"] == "not":
            assert source != pair["gone"], pair


@pytest.mark.full  # every release's seed
def test_the_screen_prints_only_pairs_judged() -> None:
    printed = {
        (date.fromisoformat(day), gone, new) for day, gone, new, *_ in screen(THRESHOLD, "", "~")
    }
    judged = {(p["release"], p["gone"], p["new"]) for p in JUDGED if p["verdict"] != "continues"}
    assert printed <= judged, sorted(printed - judged)
    assert len(JUDGED) >= 40


def test_a_sentence_said_by_two_rules_links_nothing() -> None:
    words = as_words(_WORD, _folded)
    moved = "An object is an ability on the stack, a card, a copy of a card, a token, or a spell."
    template = "Multiple instances of {} on the same creature are redundant, as ever before."
    pairs = sentence_pairs(
        {("200.8", 1): moved, ("502.14d", 1): template.format("flanking")},
        {
            ("109.1", 1): moved,
            ("702.11c", 1): template.format("defender"),
            ("702.12c", 1): template.format("shadow"),
        },
        words,
    )
    assert pairs == [(1.0, ("109.1", 1), ("200.8", 1))]
