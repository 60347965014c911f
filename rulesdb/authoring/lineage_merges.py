"""Rules merged into another: a rule of a release that no rule of the next continues (the
matcher's passes left it "gone") whose words the next release still prints, inside a rule
that continues some other rule. 2023-04-14 folded 713.12 (a meld card's name) into 712.19
(712.15's double-faced cards' names, which now ends with 713.12's sentence); 2009-07-11 folded
502.10c ("A player may declare as many attacking bands as he or she wants ...") into 702.19c.

A gone rule is merged into the rule of the next release that keeps most of its words in
order (runs of MERGE_RUN words or more, so that scattered "the"s and "a"s count for nothing):
- nearly whole (KEPT_WHOLE of its words, its "not"s among them), anywhere: merged (a rule
  printed twice over too: 2018-04-27's 810.7a, word for word 805.10a, which stays);
- at least MERGED_IN_CONTEXT, in the place it was printed (under the same parent number, or
  under the rule that continues its parent), and GAIN more of them than the rule that took
  them kept before: merged, uncertain (2010-10-01's 711.2, "The player whose turn is being
  controlled is still the active player", into 711.3);
- at least MERGED_IN_CONTEXT, in its place, when the taker drops what set the rule it
  continues apart from the gone one (keeps at most GENERAL of those words): two rules of one
  template generalized as one, uncertain (2022-10-07's 724.5a, every supplementary deck's end
  of a subgame, continues 723.5a, Planechase's, and takes 723.5d, Archenemy's);
- nothing, when another rule keeps its words nearly as well (within TIE): the words alone
  cannot tell which rule took them.
A rule printed twice (TWIN_WORDS words or more, word for word) whose twin continues in a rule
merged there, whatever that rule's words (2007-05-01's 213.1a "A nonexistent mana cost can't
be paid.", 401.1b's twin: 424.3 "Unpayable costs can't be paid.").
Only rules that already continue another take a merge: a gone rule whose words went to a new
rule was moved, which the matcher's own passes decide. A rule shorter than MERGE_WORDS words
is never merged (a title, "Reserved."), nor a rule under a keyword's heading into a rule
that does not name that keyword (the bushido bonus is not the rampage bonus). Rules are
taken in rule order, ties too.
"""

from __future__ import annotations

import difflib
import itertools
from collections import Counter, defaultdict
from collections.abc import Callable, Mapping
from dataclasses import dataclass

from rulesdb.util.rule_numbers import parent_number

Ident = tuple[str, int]

KEPT_WHOLE = 0.9  # share of a gone rule's words, in order, that a rule taking it whole keeps
MERGED_IN_CONTEXT = 0.5  # ... that a rule in its own place keeps, for an uncertain merge
MERGE_WORDS = 8  # shorter rules say too little to be found inside another
TWIN_WORDS = 6  # a rule this long printed twice (not a title) merged where its twin went
MERGE_RUN = 2  # words in a row that count as kept (single words are everywhere)
GAIN = 0.05  # ... of which it keeps this much more than the rule it continues did
GENERAL = 0.25  # share of its own words a rule generalizing two keeps of the one it continues
OWN_WORDS = 4  # ... of the words that set that rule apart from the other, at least
TIE = 0.05  # another rule keeping this nearly as much makes the merge ambiguous


_NEGATIONS = frozenset({"not", "no", "never", "cannot", "unless", "except"})


@dataclass(frozen=True)
class Merge:
    """Where a gone rule's words went: the rule of the next release that took them."""

    target: Ident
    kept: float  # share of the gone rule's words the target keeps, in order
    uncertain: bool = False  # a curated merge is never uncertain


def kept_share(gone: tuple[str, ...], taker: tuple[str, ...]) -> float:
    """The share of ``gone``'s words that ``taker`` keeps in order, in runs of MERGE_RUN."""
    return len(_kept(gone, taker)) / len(gone) if gone else 0.0


def _kept(gone: tuple[str, ...], taker: tuple[str, ...]) -> set[int]:
    """The positions of ``gone``'s words that ``taker`` keeps in order, in runs of MERGE_RUN."""
    matcher = difflib.SequenceMatcher(a=gone, b=taker, autojunk=False)
    return {
        index
        for block in matcher.get_matching_blocks()
        if block.size >= MERGE_RUN
        for index in range(block.a, block.a + block.size)
    }


def find_merges(
    gone: Mapping[Ident, tuple[str, ...]],
    before: Mapping[Ident, tuple[str, ...]],
    takers: Mapping[Ident, tuple[str, ...]],
    continues: Mapping[Ident, Ident],
    comparable: Callable[[Ident, Ident], bool],
) -> dict[Ident, Merge]:
    """Each gone rule (its words) merged into one of ``takers`` (the next release's rules
    that continue another rule, their words; ``continues``: taker -> the rule of ``before``
    it continues; ``comparable``: whether a taker and a gone rule may be compared)."""
    found: dict[Ident, Merge] = {}
    covering = _Bigrams(takers)
    twins = _twins(before, continues)
    for source in sorted(gone):
        words = gone[source]
        twin = twins.get(words, set())
        if len(words) >= TWIN_WORDS and len(twin) == 1:
            [target] = twin
            if comparable(target, source):
                found[source] = Merge(target, round(kept_share(words, takers[target]), 3), False)
                continue
        if len(words) < MERGE_WORDS:
            continue
        scored = sorted(
            (
                (kept_share(words, takers[target]), target)
                for target, bound in covering.bounds(words).items()
                if bound >= (MERGED_IN_CONTEXT - TIE) * len(words)
            ),
            key=lambda item: (-item[0], item[1]),
        )
        if not scored or scored[0][0] < MERGED_IN_CONTEXT:
            continue
        best, target = scored[0]
        if len(scored) > 1 and best - scored[1][0] < TIE:
            continue  # another rule keeps its words nearly as well
        if not comparable(target, source):
            continue
        sibling = before[continues[target]]
        gain = best - kept_share(words, sibling)
        if best >= KEPT_WHOLE and _negations(words) <= _kept(words, takers[target]):
            found[source] = Merge(target, round(best, 3), False)
        elif _in_place(source, target, continues) and (
            gain >= GAIN or _generalizes(takers[target], sibling, words)
        ):
            found[source] = Merge(target, round(best, 3), True)
    return found


def _twins(
    before: Mapping[Ident, tuple[str, ...]], continues: Mapping[Ident, Ident]
) -> dict[tuple[str, ...], set[Ident]]:
    """Each text of the release before -> the rules of the next that continue a rule printing
    it (a rule printed twice continues once: its twin went where the other copy went)."""
    found: dict[tuple[str, ...], set[Ident]] = defaultdict(set)
    for target, source in continues.items():
        found[before[source]].add(target)
    return found


class _Bigrams:
    """The rules' word pairs, to bound how many of a text's words each rule can keep in runs
    of two or more (each such word shares a pair with a neighbour) without comparing them."""

    def __init__(self, rules: Mapping[Ident, tuple[str, ...]]) -> None:
        self.holders: dict[tuple[str, str], set[Ident]] = defaultdict(set)
        for ident, words in rules.items():
            for pair in itertools.pairwise(words):
                self.holders[pair].add(ident)

    def bounds(self, words: tuple[str, ...]) -> Counter[Ident]:
        """Each rule -> how many of ``words`` have a neighbour pair it prints."""
        pairs = [self.holders.get(pair, set()) for pair in itertools.pairwise(words)]
        found: Counter[Ident] = Counter()
        for index in range(len(words)):
            left = pairs[index - 1] if index > 0 else set()
            right = pairs[index] if index < len(pairs) else set()
            found.update(left | right)
        return found


def _negations(words: tuple[str, ...]) -> set[int]:
    """The positions of the words that turn a sentence round: a rule that drops one says the
    opposite (2017-04-28's 104.3h keeps 800.7's words but "not using the limited range of
    influence option")."""
    return {index for index, word in enumerate(words) if word in _NEGATIONS or word.endswith("n't")}


def _generalizes(taker: tuple[str, ...], own: tuple[str, ...], other: tuple[str, ...]) -> bool:
    """Whether ``taker`` drops what set the rule it continues (``own``) apart from a rule
    of its template (``other``): of ``own``'s words that ``other`` did not print, it keeps
    at most GENERAL, of OWN_WORDS or more. 2022-10-07's 724.5a speaks of every
    supplementary deck, no longer Planechase's (723.5a) or Archenemy's (723.5d)."""
    apart = set(range(len(own))) - _kept(own, other)
    if len(apart) < OWN_WORDS:
        return False
    return len(apart & _kept(own, taker)) <= GENERAL * len(apart)


def _in_place(source: Ident, target: Ident, continues: Mapping[Ident, Ident]) -> bool:
    """Whether ``target`` stands where ``source`` stood: under the same parent number, or under
    the rule that continues ``source``'s parent."""
    parent, target_parent = parent_number(source[0]), parent_number(target[0])
    if parent is None or target_parent is None:
        return False
    if parent == target_parent:
        return True
    return continues.get((target_parent, 1)) == (parent, 1)
