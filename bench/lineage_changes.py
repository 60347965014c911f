"""What a change to the lineage's matcher changes on the real chain: every link and merge of
every pair of consecutive seeds, matched by the code of a base revision and by the code of this
checkout, and each one that differs printed (release, rule, old -> new).

    python -m bench.lineage_changes [--base main] [--no-curated] [--sample 30 --seed 5112]
        [--old base.json]

Read from this checkout's seeds (seeds/cr_*.json and their text packs) without rebuilding
them: the seeds stay as they are; only the matcher runs. The base revision's ``rulesdb`` is
exported with ``git archive`` into a temporary folder and run there in a second process, so
both codes read the same seeds. ``--no-curated`` leaves curated/lineage.toml out on both sides
(does the code alone find what a curated link says?). With ``--sample N``, N of the changes
drawn with random.Random(seed) are printed again at the end, to be read by hand.
"""

from __future__ import annotations

import argparse
import itertools
import json
import os
import random
import subprocess
import sys
import tarfile
import tempfile
from io import BytesIO
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]

Ident = tuple[str, int]


def _label(ident: Ident | None) -> str:
    if ident is None:
        return "new"
    number, occurrence = ident
    return number if occurrence == 1 else f"{number}#{occurrence}"


def dump(curated: bool) -> dict[str, dict[str, str]]:
    """Release -> rule -> what the code on sys.path links it to ("link:" the rule of the
    release before it continues, or new; "merge:" a gone rule of the release before -> its
    taker)."""
    from rulesdb.authoring.curated import load_lineage_links, load_lineage_merges
    from rulesdb.authoring.lineage import link_and_merge
    from rulesdb.authoring.lineage_seed import printed_rules
    from rulesdb.authoring.rulebook_seed import TextStore

    seeds = ROOT / "seeds"
    store = TextStore(seeds)
    loaded = [json.loads(path.read_bytes()) for path in sorted(seeds.glob("cr_*.json"))]
    loaded.sort(key=lambda seed: seed["effective_date"])
    links_by_day = load_lineage_links() if curated else {}
    merges_by_day = load_lineage_merges() if curated else {}
    found: dict[str, dict[str, str]] = {}
    for before, after in itertools.pairwise(loaded):
        day = after["effective_date"]
        links, merges = link_and_merge(
            printed_rules(before, store),
            printed_rules(after, store),
            links_by_day.get(day),
            merges_by_day.get(day),
        )
        rows = {f"link:{_label(t)}": _label(link.source) for t, link in links.items()}
        rows |= {f"merge:{_label(s)}": _label(merge.target) for s, merge in merges.items()}
        found[day] = rows
    return found


def _base_dump(base: str, curated: bool) -> dict[str, dict[str, str]]:
    """The base revision's matcher over this checkout's seeds, in a process of its own."""
    archive = subprocess.run(
        ["git", "-C", str(ROOT), "archive", base, "rulesdb"], check=True, capture_output=True
    ).stdout
    with tempfile.TemporaryDirectory() as folder:
        with tarfile.open(fileobj=BytesIO(archive)) as tar:
            tar.extractall(folder, filter="data")
        env = os.environ | {"LINEAGE_CODE": folder}
        args = [sys.executable, "-m", "bench.lineage_changes", "--dump"]
        args += [] if curated else ["--no-curated"]
        out = subprocess.run(args, cwd=ROOT, env=env, check=True, capture_output=True).stdout
    return json.loads(out)


def changes(
    old: dict[str, dict[str, str]], new: dict[str, dict[str, str]]
) -> list[tuple[str, str, str, str]]:
    """(release, what, old, new) for each link or merge that differs, in release order."""
    found = []
    for day in sorted(new):
        before, after = old.get(day, {}), new[day]
        for key in sorted(before.keys() | after.keys()):
            if before.get(key) != after.get(key):
                found.append((day, key, before.get(key, "-"), after.get(key, "-")))
    return found


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--base", default="main")
    parser.add_argument("--no-curated", dest="curated", action="store_false")
    parser.add_argument("--dump", action="store_true", help=argparse.SUPPRESS)
    parser.add_argument("--sample", type=int, default=0)
    parser.add_argument("--seed", type=int, default=5112)
    parser.add_argument("--old", type=Path, help="the base's links, kept here between runs")
    args = parser.parse_args()
    if args.dump:
        # ahead of the checkout, which ``-m`` puts first on the path
        sys.path.insert(0, os.environ.get("LINEAGE_CODE", str(ROOT)))
        json.dump(dump(args.curated), sys.stdout)
        return
    sys.path.insert(0, str(ROOT))
    if args.old is not None and args.old.exists():
        old = json.loads(args.old.read_bytes())
    else:
        old = _base_dump(args.base, args.curated)
        if args.old is not None:
            args.old.write_text(json.dumps(old))
    found = changes(old, dump(args.curated))
    for day, key, old, new in found:
        print(f"{day}\t{key}\t{old} -> {new}")
    print(f"{len(found)} changes")
    if args.sample and len(found) > args.sample:
        print(f"\n{args.sample} drawn with random.Random({args.seed}):")
        for day, key, old, new in sorted(random.Random(args.seed).sample(found, args.sample)):
            print(f"{day}\t{key}\t{old} -> {new}")


if __name__ == "__main__":
    main()
