"""The seed of ``0003_release_sets``: curated facts about releases already in the chain when
it was written — the set or product each release came with, and the subtype merges found
after their release shipped (``loaded_by = "0003_release_sets"`` in merges.toml).

Each merge is checked against the seeds of its release and the one before, as new-release
checks those a release's own seed carries: the old name listed before and not now, the new
name listed now.
"""

from __future__ import annotations

import json
from datetime import date
from pathlib import Path
from typing import Any

from rulesdb.authoring.curated import load_release_sets, merges_loaded_by
from rulesdb.errors import RulesdbError

FACTS_REVISION = "0003_release_sets"
FACTS_SEED = "release_facts_0003.json"
FACTS_FORMAT = 1


def facts_seed_bytes(seeds: Path, revisions: list[str]) -> bytes:
    """The seed, for the releases ``revisions`` name (those below the revision)."""
    listed = {}
    for revision in revisions:
        seed = json.loads((seeds / f"{revision}.json").read_bytes())
        listed[seed["effective_date"]] = seed
    days = sorted(listed)
    sets = load_release_sets()
    merges = merges_loaded_by(FACTS_REVISION)
    for merge in merges:
        _check(merge, days, listed)
    lines = [f'"format": {FACTS_FORMAT}', f'"releases": {json.dumps(days)}']
    rows = [json.dumps([day, sets[date.fromisoformat(day)]["code"],
                        sets[date.fromisoformat(day)]["name"]], ensure_ascii=False)
            for day in days if date.fromisoformat(day) in sets]
    lines.append('"sets": [\n  ' + ",\n  ".join(rows) + "\n]")
    merged = [json.dumps([m["effective_date"].isoformat(), m["category"], m["from"], m["to"],
                          m["rule"]], ensure_ascii=False)
              for m in sorted(merges, key=lambda m: (m["effective_date"], m["from"]))]
    lines.append('"merges": [\n  ' + ",\n  ".join(merged) + "\n]")
    return ("{\n" + ",\n".join(lines) + "\n}\n").encode()


def _subtypes(seed: dict[str, Any], category: str) -> set[str]:
    return {name for c in seed["subtype_categories"] if c["name"] == category
            for name in c["subtypes"]}


def _check(merge: dict[str, Any], days: list[str], listed: dict[str, dict[str, Any]]) -> None:
    day = merge["effective_date"].isoformat()
    what = f"merges.toml: {merge['from']} → {merge['to']} ({day})"
    if day not in listed or days.index(day) == 0:
        raise RulesdbError(f"{what}: no release before it in the chain")
    now = _subtypes(listed[day], merge["category"])
    before = _subtypes(listed[days[days.index(day) - 1]], merge["category"])
    if merge["from"] not in before or merge["from"] in now:
        raise RulesdbError(f"{what}: {merge['from']} must be listed by the release before "
                           "and not by this one")
    if merge["to"] not in now:
        raise RulesdbError(f"{what}: {merge['to']} is not listed by the release")
