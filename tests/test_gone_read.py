"""Every rule the lineage calls gone, read by hand (tests/fixtures/gone_read/*.toml): each gone
verdict of the chain was read in both releases' official files and judged right (no rule of the
next release carries it), continues or merged (then a curated link of
rulesdb/authoring/curated/lineage.toml carries it), or borderline. The seeds must agree: a rule
judged right is still gone, a rule judged continuing or merged is continued by the rule named,
and no gone verdict is left unread, so a change of the matcher that calls another rule gone
meets a reader before it lands."""

from __future__ import annotations

import json
import tomllib
from datetime import date
from functools import cache
from typing import Any

import pytest

from bench.lineage_sample import verdicts
from rulesdb.authoring.rulebook_seed import TextStore
from tests.settings import ROOT

READ = sorted((ROOT / "tests" / "fixtures" / "gone_read").glob("*.toml"))
JUDGEMENTS = {"right", "continues", "merged", "borderline"}
Key = tuple[str, str]  # (release after, number as printed)


def _entries() -> list[dict[str, Any]]:
    return [entry for path in READ for entry in tomllib.loads(path.read_text("utf-8"))["verdict"]]


@cache
def _continued(day: date) -> dict[str, str]:
    """Each rule of the release before ``day`` that a rule of ``day`` continues or took in
    (merged): the rule that carries it, both as printed. A rule printed with the same number
    and text has no link row: it continues itself."""
    seed = json.loads(
        (ROOT / "seeds" / f"cr_{day.isoformat().replace('-', '_')}.json").read_bytes()
    )
    # A rule's own link (a split's too: the rule split off begins a lineage of its own).
    own = {(row[0], row[1]): row for row in seed["lineage"] if row[4] != "merged"}
    carried = {}
    for line in seed["rulebook"]["rules"]:
        number, occurrence = line.split("\t")[0], int(line.split("\t")[1])
        if (number, occurrence) not in own:
            carried[_printed(number, occurrence)] = _printed(number, occurrence)
    for row in seed["lineage"]:
        if row[2] is not None and row[4] != "split":
            carried[_printed(row[2], row[3])] = _printed(row[0], row[1])
    return carried


@cache
def _numbers(day: date) -> frozenset[str]:
    """Every rule the release's seed prints, as printed (a second 408.2g: "408.2g#2")."""
    seed = json.loads(
        (ROOT / "seeds" / f"cr_{day.isoformat().replace('-', '_')}.json").read_bytes()
    )
    rows = (line.split("\t") for line in seed["rulebook"]["rules"])
    return frozenset(_printed(row[0], int(row[1])) for row in rows)


def _printed(number: str, occurrence: int) -> str:
    return number if occurrence == 1 else f"{number}#{occurrence}"


def test_each_reading_is_complete() -> None:
    entries = _entries()
    assert entries, "no reading in tests/fixtures/gone_read"
    for entry in entries:
        assert entry["judgement"] in JUDGEMENTS, entry
        assert entry["note"].strip() and entry["text"].strip(), entry
        # continues: the rule carrying it (for another verdict, the candidate read)
        if entry["judgement"] in {"continues", "merged"}:
            assert "continues" in entry, entry
        assert entry["number"] in _numbers(entry["before"]), entry
        if "continues" in entry:
            assert entry["continues"] in _numbers(entry["after"]), entry
    keys = [(entry["after"], entry["number"]) for entry in entries]
    assert len(keys) == len(set(keys)), "a verdict read twice"


def test_the_seeds_follow_each_reading() -> None:
    for entry in _entries():
        taker = _continued(entry["after"]).get(entry["number"])
        if entry["judgement"] == "right":
            assert taker is None, f"judged gone, linked to {taker}: {entry}"
        elif entry["judgement"] in {"continues", "merged"}:
            assert taker == entry["continues"], entry


@pytest.mark.full  # every release's seed
def test_no_gone_verdict_is_unread() -> None:
    read = {(entry["after"].isoformat(), entry["number"]) for entry in _entries()}
    gone = verdicts(ROOT / "seeds", TextStore(ROOT / "seeds"))["gone"]
    unread = [(v["after"], v["number"]) for v in gone if (v["after"], v["number"]) not in read]
    assert not unread, f"{len(unread)} gone verdicts nobody read: {unread[:20]}"
