"""The hand-read samples of the lineage's verdicts (tests/fixtures/lineage_sample_*.toml, each
drawn by bench/lineage_sample.py with the seed its name gives): every entry is complete and names
rules the seeds print, in the releases it says. Nothing here asserts what the matcher decides
(a sample is its measurement, not its specification)."""

from __future__ import annotations

import json
import tomllib
from datetime import date
from functools import cache
from pathlib import Path
from typing import Any

import pytest

from tests.settings import ROOT

FIXTURES = sorted((ROOT / "tests" / "fixtures").glob("lineage_sample_*.toml"))
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


def _sample(path: Path) -> dict[str, list[dict[str, Any]]]:
    return tomllib.loads(path.read_text("utf-8"))


def test_the_samples_are_there() -> None:
    assert {
        "lineage_sample_2026120751.toml",
        "lineage_sample_2026120752.toml",
        "lineage_sample_2026120853.toml",
    } <= {path.name for path in FIXTURES}


@pytest.mark.parametrize("path", FIXTURES, ids=lambda path: path.stem)
def test_the_sample_is_complete(path: Path) -> None:
    sample = _sample(path)
    verdicts, links = sample["verdict"], sample.get("link", [])
    assert [v["verdict"] for v in verdicts].count("gone") == 40
    assert [v["verdict"] for v in verdicts].count("new") == 40
    assert len(links) in {0, 40}  # links were drawn for the first sample only
    for entry in verdicts + links:
        assert entry["judgement"] in {"right", "miss", "borderline"}, entry
        assert entry["note"].strip(), entry
    for verdict in verdicts:
        # a miss names the rule that carries it and how; a borderline one may (its candidate
        # can be a glossary entry, not a rule)
        assert (verdict["judgement"] == "right") <= ("continues" not in verdict), verdict
        assert (verdict["judgement"] == "miss") <= ("continues" in verdict), verdict
        assert (verdict["judgement"] == "miss") <= ("kind" in verdict), verdict


@pytest.mark.parametrize("path", FIXTURES, ids=lambda path: path.stem)
def test_each_entry_names_rules_of_its_releases(path: Path) -> None:
    sample = _sample(path)
    for verdict in sample["verdict"]:
        before, after = verdict["before"], verdict["after"]
        assert after == _next(before), verdict
        own, other = (before, after) if verdict["verdict"] == "gone" else (after, before)
        assert verdict["number"] in _numbers(own), verdict
        if "continues" in verdict:
            assert verdict["continues"] in _numbers(other), verdict
    for link in sample.get("link", []):
        assert link["after"] == _next(link["before"]), link
        assert link["number"] in _numbers(link["after"]), link
        assert link["from"] in _numbers(link["before"]), link


def test_a_rule_another_merged_into_still_continues_itself(tmp_path: Path) -> None:
    """2018-04-27 prints 805.10a word for word and merges 810.7a (the same words) into it: the
    seed's row for 805.10a is that merge, which names the taker, not 805.10a's own link, so
    805.10a of 2018-01-19 is continued, not gone (bench/lineage_sample.py took it for gone)."""
    from bench.lineage_sample import TextStore, verdicts

    for name in ("cr_2018_01_19.json", "cr_2018_04_27.json"):
        (tmp_path / name).symlink_to(ROOT / "seeds" / name)
    (tmp_path / "texts").symlink_to(ROOT / "seeds" / "texts")
    gone = {v["number"] for v in verdicts(tmp_path, TextStore(tmp_path))["gone"]}
    assert {"810.7b", "810.7c", "810.7f"} <= gone
    assert not {"805.10a", "805.10d", "805.10f"} & gone
