"""Rules split off another: a rule of a release that the matcher's passes call "new", whose
words a rule of the release before printed and lost, that rule continuing as its shortened
self. 2009-10-01 carved 502.9's last sentences into a subrule of their own; the mirror of
``lineage_merges``.

A new rule is split from the rule of the release before that printed most of its words in
order (runs of SPLIT_RUN words or more, so that scattered "the"s and "a"s count for nothing),
counting only the words that rule's successor no longer prints (what it lost):
- at least SPLIT_WHOLE of the new rule's words: split;
- at least SPLIT_PART: split, uncertain;
- nothing, when another rule gave it nearly as many (within TIE): the words alone cannot tell
  which rule it came from; nor when the source kept the words (a rule quoting another).
Only rules that continue into the next release give a split: a gone rule whose words went to
a new rule was moved, which the matcher's own passes decide. A rule shorter than SPLIT_WORDS
words is never split off (a title, "Reserved."), nor a rule from a rule under another keyword's
heading that it does not name. New rules are taken in rule order.
"""

from __future__ import annotations

import difflib
from collections import Counter, defaultdict
from collections.abc import Callable, Mapping
from dataclasses import dataclass

Ident = tuple[str, int]

SPLIT_WHOLE = 0.85  # share of a new rule's words its source printed and lost, for a split
SPLIT_PART = 0.7  # ... for an uncertain split
SPLIT_WORDS = 8  # shorter rules say too little to be found inside another
SPLIT_RUN = 3  # words in a row that count as taken (pairs are everywhere: "the player")
TIE = 0.1  # another source giving this nearly as much makes the split ambiguous


@dataclass(frozen=True)
class Split:
    """Where a new rule's words came from: the rule of the release before that lost them."""

    source: Ident
    taken: float  # share of the new rule's words the source printed and its successor lost
    uncertain: bool


def find_splits(
    new: Mapping[Ident, tuple[str, ...]],
    sources: Mapping[Ident, tuple[str, ...]],
    successors: Mapping[Ident, tuple[str, ...]],
    comparable: Callable[[Ident, Ident], bool],
) -> dict[Ident, Split]:
    """Each new rule (its words) split from one of ``sources`` (the release before's rules
    that a rule of the next continues, their words; ``successors``: source -> that rule's
    words; ``comparable``: whether a new rule and a source may be compared)."""
    found: dict[Ident, Split] = {}
    index = _Runs(sources)
    for target in sorted(new):
        words = new[target]
        if len(words) < SPLIT_WORDS:
            continue
        scored = sorted(
            (
                (_lost_share(words, sources[source], successors[source]), source)
                for source, bound in index.bounds(words).items()
                if bound >= (SPLIT_PART - TIE) * len(words)
            ),
            key=lambda item: (-item[0], item[1]),
        )
        if not scored or scored[0][0] < SPLIT_PART:
            continue
        best, source = scored[0]
        if len(scored) > 1 and best - scored[1][0] < TIE:
            continue  # another rule printed its words nearly as well
        if comparable(target, source):
            found[target] = Split(source, round(best, 3), best < SPLIT_WHOLE)
    return found


def _lost_share(new: tuple[str, ...], source: tuple[str, ...], successor: tuple[str, ...]) -> float:
    """The share of ``new``'s words that ``source`` printed in order, in runs of SPLIT_RUN,
    at places of ``source`` its successor no longer prints."""
    kept = _runs(source, successor)  # what the source kept: not lost
    taken = 0
    matcher = difflib.SequenceMatcher(a=source, b=new, autojunk=False)
    for block in matcher.get_matching_blocks():
        if block.size >= SPLIT_RUN:
            taken += sum(1 for index in range(block.a, block.a + block.size) if index not in kept)
    return taken / len(new) if new else 0.0


def _runs(a: tuple[str, ...], b: tuple[str, ...]) -> set[int]:
    """The positions of ``a``'s words that ``b`` prints in order, in runs of SPLIT_RUN."""
    matcher = difflib.SequenceMatcher(a=a, b=b, autojunk=False)
    return {
        index
        for block in matcher.get_matching_blocks()
        if block.size >= SPLIT_RUN
        for index in range(block.a, block.a + block.size)
    }


class _Runs:
    """The rules' word triples, to bound how many of a text's words each rule can give in runs
    of SPLIT_RUN or more (each such word is in a triple the rule prints) without comparing."""

    def __init__(self, rules: Mapping[Ident, tuple[str, ...]]) -> None:
        self.holders: dict[tuple[str, ...], set[Ident]] = defaultdict(set)
        for ident, words in rules.items():
            for run in _windows(words):
                self.holders[run].add(ident)

    def bounds(self, words: tuple[str, ...]) -> Counter[Ident]:
        """Each rule -> how many of ``words`` lie in a run of SPLIT_RUN it prints."""
        found: Counter[Ident] = Counter()
        covered: dict[Ident, set[int]] = defaultdict(set)
        for start, run in enumerate(_windows(words)):
            for ident in self.holders.get(run, ()):
                covered[ident].update(range(start, start + SPLIT_RUN))
        for ident, positions in covered.items():
            found[ident] = len(positions)
        return found


def _windows(words: tuple[str, ...]) -> list[tuple[str, ...]]:
    return [tuple(words[start : start + SPLIT_RUN]) for start in range(len(words) - SPLIT_RUN + 1)]
