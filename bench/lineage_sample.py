"""A random sample of the lineage's verdicts "gone" and "new", to be read by hand.

    python -m bench.lineage_sample --seed 2026120751 [--count 40] [--linked 0] [--format json]

Read from the seeds (seeds/cr_*.json and their text packs, as bench/screen_gone.py reads
them): the links a head database is built from. A rule of release N that no rule of N+1
continues is *gone*; a rule of N+1 whose link says new is *new*. Every verdict of the whole
chain is listed, sorted by release, number and occurrence; random.Random(seed) draws COUNT
gone verdicts, then COUNT new ones, then LINKED links of any other kind (a rule and the
rule it continues: the matcher's links, to check). Each is printed with its text and the 3
rules of the other release most like it by screen_gone's similarity (the best ratio of two
sentences' folded words), any rule of that release, linked or not, since a gone rule may
have been merged into one the matcher linked elsewhere. JSON keeps the same, so a later run
can be compared verdict by verdict.
"""

from __future__ import annotations

import argparse
import itertools
import json
import random
import re
import sys
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))  # run from a checkout without installing

from rapidfuzz import fuzz, process  # noqa: E402

from bench.screen_gone import _label, _rules, sentences  # noqa: E402
from rulesdb.authoring.lineage import _WORD, _folded  # noqa: E402
from rulesdb.authoring.rulebook_seed import TextStore  # noqa: E402

COUNT = 40
CLOSEST = 3
# Each of the sampled rule's sentences keeps this many best sentences of the other release
# before they are gathered by rule: enough that 3 distinct rules survive.
PER_SENTENCE = 30

Ident = tuple[str, int]
_PARTS = re.compile(r"\d+|\D+")


def _key(ident: Ident) -> tuple[tuple[str, ...], int]:
    """Rule order: 100.2 before 100.10, 100.1 before 100.1a."""
    number, occurrence = ident
    parts = _PARTS.findall(number)
    return (tuple(p.zfill(8) if p.isdigit() else p for p in parts), occurrence)


def _compared(text: str) -> list[str]:
    """The sentences compared; a heading or short rule is compared whole."""
    found = sentences(text)
    if not found:
        whole = " ".join(_WORD.findall(_folded(text)))
        found = [whole] if whole else []
    return found


def _closest(text: str, other: dict[Ident, str]) -> list[tuple[float, Ident]]:
    """The CLOSEST rules of ``other`` most like ``text`` by their best pair of sentences,
    best first (ties in rule order)."""
    choices: list[str] = []
    owners: list[Ident] = []
    for ident in sorted(other, key=_key):
        for sentence in _compared(other[ident]):
            choices.append(sentence)
            owners.append(ident)
    best: dict[Ident, float] = {}
    for sentence in _compared(text):
        for _, score, index in process.extract(
            sentence, choices, scorer=fuzz.ratio, limit=PER_SENTENCE
        ):
            owner = owners[index]
            best[owner] = max(best.get(owner, 0.0), round(score / 100, 3))
    ranked = sorted(best.items(), key=lambda item: (-item[1], _key(item[0])))
    return [(score, ident) for ident, score in ranked[:CLOSEST]]


Verdicts = dict[str, list[dict[str, Any]]]


def verdicts(seeds: Path, store: TextStore) -> Verdicts:
    """Every gone, new and linked (any link but new) verdict of the chain, in release and
    rule order, each with what sample() prints but the closest rules."""
    chain = [json.loads(path.read_bytes()) for path in sorted(seeds.glob("cr_*.json"))]
    gone: list[dict[str, Any]] = []
    new: list[dict[str, Any]] = []
    linked: list[dict[str, Any]] = []
    for before, after in itertools.pairwise(chain):
        texts_before = _rules(before, store)
        texts_after = _rules(after, store)
        # A rule's own link; merged rows name a gone rule's taker (which may print its own
        # number and text unlinked), split rows a source that continues elsewhere.
        links = {(row[0], row[1]): row for row in after["lineage"] if row[4] != "merged"}
        continued = {
            (row[2], row[3]) for row in after["lineage"] if row[2] is not None and row[4] != "split"
        } | {ident for ident in texts_after if ident not in links}
        pair = (before["effective_date"], after["effective_date"])
        for ident in sorted(texts_before, key=_key):
            if ident not in continued:
                gone.append(_verdict("gone", pair, ident, texts_before[ident], False))
        for ident in sorted(links, key=_key):
            row = links[ident]
            uncertain = bool(row[6])
            if row[4] == "new":
                new.append(_verdict("new", pair, ident, texts_after[ident], uncertain))
                continue
            verdict = _verdict(row[4], pair, ident, texts_after[ident], uncertain)
            source = (row[2], row[3])
            verdict["from"] = {"number": _label(source), "text": texts_before[source]}
            linked.append(verdict)
    return {"gone": gone, "new": new, "linked": linked}


def _verdict(
    verdict: str, pair: tuple[str, str], ident: Ident, text: str, uncertain: bool
) -> dict[str, Any]:
    return {
        "verdict": verdict,
        "before": pair[0],
        "after": pair[1],
        "number": _label(ident),
        "uncertain": uncertain,
        "text": text,
    }


def sample(seeds: Path, seed: int, count: int, linked: int = 0) -> dict[str, Any]:
    """``count`` gone and ``count`` new verdicts drawn with random.Random(seed), then
    ``linked`` links (drawn last, so the first draws do not depend on it), each with the
    closest rules of the other release."""
    store = TextStore(seeds)
    every = verdicts(seeds, store)
    rng = random.Random(seed)
    drawn: list[dict[str, Any]] = []
    for kind, size in (("gone", count), ("new", count), ("linked", linked)):
        chosen = rng.sample(every[kind], min(size, len(every[kind])))
        drawn += sorted(chosen, key=lambda v: (v["before"], _key(_ident(v["number"]))))
    books: dict[str, dict[Ident, str]] = {}
    for verdict in drawn:
        other = verdict["after"] if verdict["verdict"] == "gone" else verdict["before"]
        if other not in books:
            path = seeds / f"cr_{other.replace('-', '_')}.json"
            books[other] = _rules(json.loads(path.read_bytes()), store)
        verdict["other"] = other
        verdict["closest"] = [
            {"number": _label(ident), "score": score, "text": books[other][ident]}
            for score, ident in _closest(verdict["text"], books[other])
        ]
    sizes = {kind: len(found) for kind, found in every.items()}
    return {"seed": seed, **sizes, "drawn": drawn}


def _ident(label: str) -> Ident:
    number, _, occurrence = label.partition("#")
    return number, int(occurrence or 1)


def _shown(text: str, width: int = 300) -> str:
    text = " ".join(text.split())
    return text if len(text) <= width else text[: width - 1] + "…"


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--seed", type=int, required=True)
    parser.add_argument("--count", type=int, default=COUNT)
    parser.add_argument("--seeds", type=Path, default=ROOT / "seeds", help="the seeds folder")
    parser.add_argument("--linked", type=int, default=0, help="links (any but new) to draw")
    parser.add_argument("--format", choices=("text", "json"), default="text")
    args = parser.parse_args()
    if not any(args.seeds.glob("cr_*.json")) or not (args.seeds / "texts").is_dir():
        sys.stderr.write(f"lineage_sample: no seeds in {args.seeds}\n")
        sys.exit(2)
    if args.count < 0 or args.linked < 0:
        sys.stderr.write("lineage_sample: --count and --linked must be 0 or more\n")
        sys.exit(2)
    drawn = sample(args.seeds, args.seed, args.count, args.linked)
    if args.format == "json":
        print(json.dumps(drawn, ensure_ascii=False, indent=1))
        return
    print(
        f"seed {drawn['seed']}: {args.count} of {drawn['gone']} gone and "
        f"{args.count} of {drawn['new']} new verdicts, {args.linked} of {drawn['linked']} links"
    )
    for index, verdict in enumerate(drawn["drawn"], 1):
        mark = " (uncertain)" if verdict["uncertain"] else ""
        print(
            f"\n[{index}] {verdict['verdict']}{mark} {verdict['before']} -> {verdict['after']}"
            f" {verdict['number']}\n  {_shown(verdict['text'])}"
        )
        if "from" in verdict:
            print(f"  <- {verdict['from']['number']}: {_shown(verdict['from']['text'])}")
        for near in verdict["closest"]:
            said = _shown(near["text"])
            print(f"  ~ {verdict['other']} {near['number']} {near['score']}: {said}")


if __name__ == "__main__":
    main()
