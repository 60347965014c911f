"""The lineage's screen for rules it calls gone: every rule of a release that no rule of the
next release continues, paired with the closest rule that release calls new, by sentences
(a first sentence carried over, a definition moved under a new heading, a rule split or
joined), and printed when the pair is at least THRESHOLD alike.

    python -m bench.screen_gone [--threshold 0.8] [--from 2009-05-01] [--to 2009-07-11]

Read from the seeds (seeds/cr_*.json and their text packs): the links as the releases'
seeds store them. A sentence is compared with every sentence of every new rule of the next
release (rapidfuzz's ratio of the two sentences' words, case, typography and 2009-07-11's
vocabulary folded, 0 to 1); sentences shorter than SENTENCE_WORDS words are not compared.
A gone rule's score is its best sentence's. Each printed pair is to be linked (the matcher,
or curated/lineage.toml) or judged by hand.
"""

from __future__ import annotations

import argparse
import itertools
import json
import re
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))  # run from a checkout without installing

from rapidfuzz import fuzz, process  # noqa: E402

from rulesdb.authoring.lineage import _WORD, _folded  # noqa: E402
from rulesdb.authoring.rulebook_seed import TextStore  # noqa: E402

THRESHOLD = 0.8
SENTENCE_WORDS = 6
_SENTENCE = re.compile(r"(?<=[.:;?!])[\"”’]?\s+(?=[A-Z“\"(])")


def sentences(text: str) -> list[str]:
    """The text's sentences, each as its folded words joined by spaces."""
    found = []
    for sentence in _SENTENCE.split(text):
        words = _WORD.findall(_folded(sentence))
        if len(words) >= SENTENCE_WORDS:
            found.append(" ".join(words))
    return found


def screen(threshold: float, low: str, high: str) -> list[tuple[str, str, str, float, str, str]]:
    """(release, gone rule, closest new rule, score, its sentence, the new rule's sentence)
    for every gone rule of a release pair between ``low`` and ``high`` at ``threshold`` or
    more, in release and rule order."""
    store = TextStore(ROOT / "seeds")
    paths = sorted((ROOT / "seeds").glob("cr_*.json"))
    seeds = [json.loads(path.read_bytes()) for path in paths]
    found = []
    for before, after in itertools.pairwise(seeds):
        day = after["effective_date"]
        if not low <= day <= high:
            continue
        texts_before = _rules(before, store)
        texts_after = _rules(after, store)
        # merged rows name a gone rule's taker (the gone rule is continued, not the taker)
        links = {(row[0], row[1]): row for row in after["lineage"] if row[4] != "merged"}
        continued = {(row[2], row[3]) for row in after["lineage"] if row[2] is not None} | {
            ident for ident in texts_after if ident not in links
        }
        new = [ident for ident, row in links.items() if row[4] == "new"]
        gone = [ident for ident in texts_before if ident not in continued]
        choices: dict[int, tuple[tuple[str, int], str]] = {}
        for ident in new:
            for sentence in sentences(texts_after[ident]):
                choices[len(choices)] = (ident, sentence)
        candidates = {key: sentence for key, (_, sentence) in choices.items()}
        for ident in gone:
            best: tuple[float, str, str, str] | None = None
            for sentence in sentences(texts_before[ident]):
                match = process.extractOne(sentence, candidates, scorer=fuzz.ratio)
                if match is None:
                    continue
                _, score, key = match
                target, said = choices[key]
                if best is None or score / 100 > best[0]:
                    best = (score / 100, _label(target), sentence, said)
            if best is not None and best[0] >= threshold:
                found.append((day, _label(ident), best[1], round(best[0], 3), best[2], best[3]))
    return found


def _rules(seed: dict[str, object], store: TextStore) -> dict[tuple[str, int], str]:
    rules = {}
    for row in seed["rulebook"]["rules"]:  # type: ignore[index]
        number, occurrence, _, key = row.split("\t")
        rules[(number, int(occurrence))] = store.texts[key][0]
    return rules


def _label(ident: tuple[str, int]) -> str:
    number, occurrence = ident
    return number if occurrence == 1 else f"{number}#{occurrence}"


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--threshold", type=float, default=THRESHOLD)
    parser.add_argument("--from", dest="low", default="0000-00-00")
    parser.add_argument("--to", dest="high", default="9999-99-99")
    args = parser.parse_args()
    pairs = screen(args.threshold, args.low, args.high)
    for day, gone, new, score, said, says in pairs:
        print(f"{day}\t{gone} -> {new}\t{score}\n\t{said}\n\t{says}")
    releases = len({pair[0] for pair in pairs})
    print(f"{len(pairs)} gone rules at {args.threshold} or more, in {releases} releases")


if __name__ == "__main__":
    main()
