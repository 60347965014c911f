"""The lineage's splits on the real chain: the matcher run over every pair of consecutive
seeds (their rules, and the curated links and merges), counting per release the rules its
passes call new and those of them the split pass (``rulesdb.authoring.lineage_splits``)
links to the rule they were carved out of; then a sample of the splits to read by hand.

    python -m bench.screen_splits [--from 2009-05-01] [--to 2009-10-01] [--sample 15]
        [--seed 5113] [--json out.json]

Nothing is written to the seeds (no rebuild-chain): the verdicts are the matcher's as the
code stands. The sample is drawn with ``random.Random(seed)`` from the splits sorted by
(release, rule number), and printed with the three texts to read: the new rule, its source
in the release before, and the rule that source continues in.
"""

from __future__ import annotations

import argparse
import json
import random
import sys
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))  # run from a checkout without installing

from rulesdb.authoring.curated import load_lineage_links, load_lineage_merges  # noqa: E402
from rulesdb.authoring.lineage import NEW, SPLIT, Printed, link_and_merge  # noqa: E402
from rulesdb.authoring.lineage_seed import printed_rules  # noqa: E402
from rulesdb.authoring.rulebook_seed import TextStore  # noqa: E402
from rulesdb.util.rule_numbers import rule_key  # noqa: E402


def screen(low: str, high: str) -> tuple[list[dict[str, Any]], list[dict[str, Any]]]:
    """(per release: day, new before the split pass, split; every split with its texts),
    for the releases from ``low`` to ``high``, in date order."""
    store = TextStore(ROOT / "seeds")
    curated, merged = load_lineage_links(), load_lineage_merges()
    counts: list[dict[str, Any]] = []
    splits: list[dict[str, Any]] = []
    before: list[Printed] | None = None
    for path in sorted((ROOT / "seeds").glob("cr_*.json")):
        seed = json.loads(path.read_bytes())
        day, rules = seed["effective_date"], printed_rules(seed, store)
        if before is not None and low <= day <= high:
            links, _ = link_and_merge(before, rules, curated.get(day), merged.get(day))
            found = sorted(
                (ident for ident, link in links.items() if link.how == SPLIT),
                key=lambda ident: (rule_key(ident[0]), ident),
            )
            new = sum(1 for link in links.values() if link.how == NEW)
            counts.append({"day": day, "new": new + len(found), "split": len(found)})
            old = {rule.ident: rule for rule in before}
            now = {rule.ident: rule for rule in rules}
            successor = {link.source: ident for ident, link in links.items() if link.how != SPLIT}
            for ident in found:
                link = links[ident]
                assert link.source is not None
                kept = successor.get(link.source)
                splits.append(
                    {
                        "day": day,
                        "rule": _label(ident),
                        "source": _label(link.source),
                        "successor": _label(kept) if kept is not None else None,
                        "taken": link.similarity,
                        "uncertain": link.uncertain,
                        "text": now[ident].text,
                        "source_text": old[link.source].text,
                        "successor_text": now[kept].text if kept is not None else None,
                    }
                )
        before = rules
    return counts, splits


def _label(ident: tuple[str, int]) -> str:
    number, occurrence = ident
    return number if occurrence == 1 else f"{number}#{occurrence}"


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--from", dest="low", default="0000-00-00")
    parser.add_argument("--to", dest="high", default="9999-99-99")
    parser.add_argument("--sample", type=int, default=15)
    parser.add_argument("--seed", type=int, default=5113)
    parser.add_argument("--json", type=Path, help="write the counts and splits here")
    args = parser.parse_args()
    counts, splits = screen(args.low, args.high)
    for row in counts:
        if row["split"]:
            print(f"{row['day']}\t{row['new']} new\t{row['split']} split")
    new, split = sum(r["new"] for r in counts), sum(r["split"] for r in counts)
    doubted = sum(1 for s in splits if s["uncertain"])
    print(f"{split} of {new} new verdicts split ({doubted} uncertain), {len(counts)} releases")
    if args.json is not None:
        args.json.write_text(json.dumps({"counts": counts, "splits": splits}, indent=1))
    drawn = random.Random(args.seed).sample(splits, min(args.sample, len(splits)))
    for item in sorted(drawn, key=lambda s: (s["day"], rule_key(s["rule"].split("#")[0]))):
        doubt = ", uncertain" if item["uncertain"] else ""
        print(
            f"\n== {item['day']} {item['rule']} split from {item['source']} "
            f"(continues as {item['successor']}; taken {item['taken']}{doubt})"
        )
        for name in ("text", "source_text", "successor_text"):
            print(f"  {name}: {item[name]}")


if __name__ == "__main__":
    main()
