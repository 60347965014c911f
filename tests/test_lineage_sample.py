"""The hand-read sample of the lineage's verdicts (tests/fixtures/lineage_sample_2026120751.toml,
drawn by bench/lineage_sample.py): every entry is complete and names rules the seeds print, in
the releases it says. Nothing here asserts what the matcher decides (the sample is its
measurement, not its specification)."""

from __future__ import annotations

import json
import tomllib
from datetime import date
from functools import cache
from typing import Any

from tests.settings import ROOT

SAMPLE: dict[str, list[dict[str, Any]]] = tomllib.loads(
    (ROOT / "tests" / "fixtures" / "lineage_sample_2026120751.toml").read_text("utf-8")
)
SEEDS = sorted((ROOT / "seeds").glob("cr_*.json"))
RELEASES = [date.fromisoformat(path.stem[3:].replace("_", "-")) for path in SEEDS]


@cache
def _numbers(day: date) -> frozenset[str]:
    """Every rule number the release's seed prints."""
    path = ROOT / "seeds" / f"cr_{day.isoformat().replace('-', '_')}.json"
    seed = json.loads(path.read_bytes())
    return frozenset(row.split("\t")[0] for row in seed["rulebook"]["rules"])


def _next(day: date) -> date:
    return RELEASES[RELEASES.index(day) + 1]


def test_the_sample_is_complete() -> None:
    verdicts = SAMPLE["verdict"]
    assert [v["verdict"] for v in verdicts].count("gone") == 40
    assert [v["verdict"] for v in verdicts].count("new") == 40
    assert len(SAMPLE["link"]) == 40
    for entry in verdicts + SAMPLE["link"]:
        assert entry["judgement"] in {"right", "miss", "borderline"}, entry
        assert entry["note"].strip(), entry
    for verdict in verdicts:
        assert (verdict["judgement"] == "right") == ("continues" not in verdict), verdict
        assert (verdict["judgement"] == "miss") <= ("kind" in verdict), verdict


def test_each_entry_names_rules_of_its_releases() -> None:
    for verdict in SAMPLE["verdict"]:
        before, after = verdict["before"], verdict["after"]
        assert after == _next(before), verdict
        own, other = (before, after) if verdict["verdict"] == "gone" else (after, before)
        assert verdict["number"] in _numbers(own), verdict
        if "continues" in verdict:
            assert verdict["continues"] in _numbers(other), verdict
    for link in SAMPLE["link"]:
        assert link["after"] == _next(link["before"]), link
        assert link["number"] in _numbers(link["after"]), link
        assert link["from"] in _numbers(link["before"]), link
