"""The seeds of the data revisions that load curated facts about releases already in the
chain when they were curated — the set or product each release came with
(``loaded_by = "<revision>"`` in release_sets.toml) and the subtype merges found after their
release shipped (the same in merges.toml): ``0003_release_sets`` (none: it shipped empty) and
``0004_release_facts`` (the sets, and the creature type updates of 2007-09-07 and
2007-10-01).

Each merge is checked against the seeds of its release and the one before, as new-release
checks those a release's own seed carries: the old name listed before and not now, the new
name listed now. ``python -m rulesdb.authoring.facts_seed REVISION`` writes a revision's seed
into the checkout; a shipped seed never changes (its revision pins its sha256).
"""

from __future__ import annotations

import json
import sys
from datetime import date
from pathlib import Path
from typing import Any

from rulesdb.authoring.curated import merges_loaded_by, release_sets_loaded_by
from rulesdb.errors import RulesdbError

FACTS_REVISIONS = ("0003_release_sets", "0004_release_facts")
FACTS_FORMAT = 1


def facts_seed_name(revision: str) -> str:
    """``0004_release_facts`` -> ``release_facts_0004.json``."""
    if revision not in FACTS_REVISIONS:
        raise RulesdbError(f"{revision} loads no facts seed; those that do: "
                           f"{', '.join(FACTS_REVISIONS)}")
    return f"release_facts_{revision[:4]}.json"


def facts_seed_bytes(seeds: Path, revisions: list[str], revision: str) -> bytes:
    """The seed of ``revision``, for the releases ``revisions`` name (those below it)."""
    facts_seed_name(revision)  # a revision that loads one
    listed = {}
    for release in revisions:
        seed = json.loads((seeds / f"{release}.json").read_bytes())
        listed[seed["effective_date"]] = seed
    days = sorted(listed)
    sets = release_sets_loaded_by(revision)
    for day in sets:
        if day.isoformat() not in listed:
            raise RulesdbError(f"release_sets.toml: {day} ({sets[day]['code']}) is not a "
                               f"release below {revision}")
    merges = merges_loaded_by(revision)
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


def releases_below(root: Path, revision: str) -> list[str]:
    """The release revisions below ``revision`` in the checkout's chain, oldest first."""
    from rulesdb.authoring.release import Checkout  # release imports this module's peers

    chain = Checkout(root).chain(revision)
    if not chain:
        raise RulesdbError(f"{root}: no revision {revision} in the chain")
    return sorted(name for name in chain if name.startswith("cr_"))


def write_facts_seed(root: Path, revision: str) -> Path:
    """Write ``revision``'s seed into the checkout at ``root``; returns its path."""
    seeds = root / "seeds"
    path = seeds / facts_seed_name(revision)
    path.write_bytes(facts_seed_bytes(seeds, releases_below(root, revision), revision))
    return path


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


def main(argv: list[str]) -> int:
    """``python -m rulesdb.authoring.facts_seed REVISION [ROOT]`` (ROOT: the checkout
    new-release writes into)."""
    from rulesdb.authoring.release import checkout_root

    if len(argv) not in (1, 2):
        print("usage: python -m rulesdb.authoring.facts_seed REVISION [ROOT]", file=sys.stderr)
        return 2
    try:
        root = checkout_root(Path(argv[1]) if len(argv) == 2 else None)
        print(write_facts_seed(root, argv[0]))
    except RulesdbError as exc:
        print(f"rulesdb: error: {exc}", file=sys.stderr)
        return 2
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
