"""Each rule's lineage: the same rule followed from release to release through renumbering and
rewording, as the links between consecutive releases' rules.

Matched in passes, surest first, each pass taking only rules no earlier pass linked:

1. curated links (``curated/lineage.toml``), where the texts alone cannot decide;
2. the same number printing the same text;
3. a text printed once among the unlinked rules of both releases: the rule moved;
4. in context, best similarity first (at least IN_CONTEXT): the same number, its parent
   number's subrules, or the subrules of the rule its parent continues; a heading, also the
   headings at any depth under that rule (2009-07-11's 419.9 is the section 615);
5. a parent by its children: an unlinked rule whose subrules mostly link to the subrules of one
   unlinked rule of the release before is that rule, retitled (Tribal → Kindred), unless its own
   text is clearly more like another rule in its context (2016-09-30's 513.1);
   passes 4 and 5 repeat while they link anything, and again after each later pass (a parent
   its children name goes before pass 9's guesses: 2023-04-14's 712.8 ← 712.4, not 713.4);
6. an example printed by one unlinked rule of each release: the rule moved with it (a rule whose
   examples went to several continues in the one most like it), unless either rule is clearly
   more like another unlinked rule (2007-05-01's 500.3a opens with 501.1, not 501.2);
7. anywhere, a long text very like another (at least ANYWHERE);
8. a rule rewritten in place: the same number under linked parents, words in common (at least
   SAME_PLACE), or its old words kept nearly whole (a sentence added: 903.4a of 2025-11-14);
9. two rules that are each other's best match: at least MUTUAL anywhere, IN_CONTEXT_MUTUAL in
   context (under the rule that the nearest linked ancestor continues: 704.5g ← 420.5c,
   510.5 ← 310.5 of 2009-07-11; each step's "the active player gets priority" of 2016-09-30;
   not past an unlinked heading, a new topic: 2020-01-24's Escape is not Bestow);
10. a rule keeping its number under a linked parent (a heading: in its chapter), the old rule
    printed there gone nowhere, when one keeps the other's words nearly whole, or they share
    SAME_PLACE of their words, or a run of SUBJECT_WORDS words (the same subject), or (two
    headings) a word: "A rule keeping its number continues unless its text went elsewhere."
11. a rule still unlinked, looked for in the whole next release by its sentences: one kept
    nearly whole by a rule also unlinked, and said by no other (``lineage_sentences``): a
    rule moved and reworded at once (408.2d → 114.2a of 2009-07-11); uncertain;
12. a rule of the release before still unlinked whose words a rule already linked took
    (``lineage_merges``): merged into it (502.10c → 702.19c of 2009-07-11), a second link
    to that rule, which still continues the rule it was linked to; so is a rule printed
    twice whose twin continues (213.1a with 401.1b → 424.3 of 2007-05-01), and, uncertain, a
    rule of one template with the rule that continues, generalized (723.5d → 724.5a);
13. a rule still new whose words a rule of the release before printed and lost, that rule
    continuing (``lineage_splits``): split from it (a sentence carved into a subrule), the
    new rule's own link; it begins a lineage of its own.

Two rules at different numbers under headings that differ ("702.11 Intimidate", "502.11 Bands
with Other") and are not linked are not compared when they are one template sentence about
two keywords: more alike with each heading's title as a placeholder than as printed
("Multiple instances of X are redundant"): different keywords never link.
Similarity is difflib's ratio over the two texts' words, folded: case, typographic quotes and
dashes aside, cross-references ("(See rule 116, "Timing and Priority.")") left out, and
2009-07-11's new vocabulary on both sides ("comes into play" is "enters the battlefield").

How a rule continues: the same number and text is "same"; the same number, text and examples
equal once typography is folded (quotes of every kind, apostrophes, dashes, spaces, italics
markers, ™/®: :func:`rulesdb.util.typography.fold_typography`), "retypeset"; otherwise
"reworded"; a new number with that text (typography aside) "renumbered", else "moved and
reworded"; no link, "new"; a gone rule's words taken by a linked rule, "merged"; a new rule's
words carved out of a rule that continues, "split".

A link is *uncertain* when the matcher could not decide it from the texts:
- it rests on mutual best match alone (pass 9 below ANYWHERE; pass 6 below IN_CONTEXT_MUTUAL),
  or on one sentence (pass 11);
- it keeps a number on little evidence (pass 8 from SAME_PLACE up, pass 10 unless one text
  keeps the other's words nearly whole);
- another unlinked rule was nearly as good a match (within TIE), on either side (passes 6, 7).
A *new* rule is uncertain when its number was printed before by a rule that went nowhere, or
went elsewhere only by an uncertain link: a link the matcher refused but cannot rule out.
A curated link is never uncertain. Tools that use the links say so.
"""

from __future__ import annotations

import difflib
import re
from collections import Counter, defaultdict
from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from functools import cached_property
from typing import Any

from rulesdb.authoring.lineage_merges import Merge, find_merges, kept_share
from rulesdb.authoring.lineage_sentences import as_words, sentence_pairs
from rulesdb.authoring.lineage_splits import find_splits
from rulesdb.util.rule_numbers import parent_number
from rulesdb.util.typography import fold_typography

Ident = tuple[str, int]  # (number, occurrence): unique within a release

SAME, REWORDED, RETYPESET, RENUMBERED, MOVED, NEW, MERGED, SPLIT = (
    "same",
    "reworded",
    "retypeset",
    "renumbered",
    "moved and reworded",
    "new",
    "merged",
    "split",
)
# What the links table records; "same" is implied.
HOWS = (NEW, REWORDED, RETYPESET, RENUMBERED, MOVED, MERGED, SPLIT)

IN_CONTEXT = 0.5  # similarity linking rules of one number, or under linked parents
ANYWHERE = 0.8  # similarity linking two rules with nothing else in common
SAME_PLACE = 0.4  # ... or at one number under linked parents, if nothing matches better
MUTUAL = 0.65  # ... or two such rules that are each other's best match
ANYWHERE_WORDS = 6  # shorter texts ("Reserved.", a title) are never linked by words alone
CHILDREN_AGREE = 0.5  # share of a rule's linked subrules that must point to one rule
CANDIDATES = 8  # rules of the release before compared word by word with an unlinked rule
COMMON_WORD = 40  # a word in more unlinked rules than this finds no candidates
KEPT_WHOLE = 0.9  # share of a rule's old words, in order, that a rule extending it keeps
SECTION_WORDS = 8  # a heading's title: "Interaction of Replacement and/or Prevention Effects"
HEADING_WORDS = 4  # a heading rule's title: "Trample", "Bands with Other", "Double-Faced Cards"
TEMPLATE_GAIN = 0.05  # two texts this much more alike with their keywords as placeholders
IN_CONTEXT_MUTUAL = 0.3  # similarity linking two rules in context that are each other's best
RIVAL = 0.1  # a rule's text this much more like another rule than its subrules' parent
TIE = 0.02  # a second candidate this close to the best makes a link uncertain
SUBJECT_WORDS = 4  # words in a row two texts at one number share when they speak of one thing

_TYPOGRAPHY = str.maketrans({"’": "'", "‘": "'", "“": '"', "”": '"', "—": "-", "–": "-"})
_WORD = re.compile(r"[\w'-]+")
# 2009-07-11 renamed the zones and actions every rule names: folded before words are compared.
_VOCABULARY = tuple(
    (re.compile(pattern), new)
    for pattern, new in (
        (r"\bcomes into play\b", "enters the battlefield"),
        (r"\bcome into play\b", "enter the battlefield"),
        (r"\bcame into play\b", "entered the battlefield"),
        (r"\bcoming into play\b", "entering the battlefield"),
        (r"\bputs? (\w+ )?into play\b", r"put \1onto the battlefield"),
        (r"\bremoved? from the game\b", "exiled"),
        (r"\bremoves? (\w+ )?from the game\b", r"exile \1"),
        (r"\bleaves? play\b", "leaves the battlefield"),
        (r"\b(in|from|into) play\b", "on the battlefield"),
        (r"\bplay(s|ed)? (a|an|the|that|this|each) (spell|card)\b", r"cast \2 \3"),
    )
)


# A cross-reference names another rule's number and title, which renumbering changes: it says
# nothing of what the rule itself says ("(See rule 116, "Timing and Priority.")").
_CROSS_REFERENCE = re.compile(
    r"\(see (?:also )?(?:rules?|sections?|part)\b[^)]*\)"
    r'|\bsee (?:also )?(?:rules?|sections?) [\w.–-]+(?:, "[^"]*")?\.?'
)


def _folded(text: str) -> str:
    """Lower case, typography as ASCII, cross-references left out, 2009-07-11's vocabulary."""
    value = _CROSS_REFERENCE.sub(" ", text.translate(_TYPOGRAPHY).lower())
    for pattern, new in _VOCABULARY:
        value = pattern.sub(new, value)
    return value


@dataclass(frozen=True)
class Printed:
    """A rule as one release prints it."""

    number: str
    occurrence: int
    key: str  # its text's key (the same key, the same text and examples)
    text: str
    examples: tuple[str, ...] = ()

    @property
    def ident(self) -> Ident:
        return (self.number, self.occurrence)

    @cached_property
    def words(self) -> tuple[str, ...]:
        return tuple(_WORD.findall(_folded(self.text)))

    @cached_property
    def typeset(self) -> tuple[str, ...]:
        """Its text and examples with their typography folded."""
        return tuple(fold_typography(part) for part in (self.text, *self.examples))


@dataclass(frozen=True)
class Link:
    """Where a rule of a release comes from in the release before (None: a new rule)."""

    source: Ident | None
    how: str
    similarity: float
    uncertain: bool = False  # a link (or a "new") the matcher could not decide


def similarity(a: Printed, b: Printed) -> float:
    if a.key == b.key:
        return 1.0
    return difflib.SequenceMatcher(a=a.words, b=b.words, autojunk=False).ratio()


def link_releases(
    before: Sequence[Printed],
    after: Sequence[Printed],
    curated: dict[Ident, Ident | None] | None = None,
) -> dict[Ident, Link]:
    """Every rule of ``after`` linked to the rule of ``before`` it continues, or new."""
    return _Matcher(before, after, curated or {}).run()


def link_and_merge(
    before: Sequence[Printed],
    after: Sequence[Printed],
    curated: dict[Ident, Ident | None] | None = None,
    merged: dict[Ident, Ident] | None = None,
) -> tuple[dict[Ident, Link], dict[Ident, Merge]]:
    """:func:`link_releases` with the new rules split off a rule that continues (pass 13),
    and each rule of ``before`` it leaves gone whose words a linked rule of ``after`` took
    (pass 12; ``merged``: curated, gone rule -> taker): gone rule -> where it merged."""
    matcher = _Matcher(before, after, curated or {})
    links = matcher.run()
    return links | matcher.splits(links), matcher.merges(merged or {})


class _Matcher:
    def __init__(
        self,
        before: Sequence[Printed],
        after: Sequence[Printed],
        curated: dict[Ident, Ident | None],
    ) -> None:
        self.before = {rule.ident: rule for rule in before}
        self.after = {rule.ident: rule for rule in after}
        self.curated = curated
        self.links: dict[Ident, Ident] = {}  # after -> before
        self.taken: set[Ident] = set()  # rules of before already linked
        self.scores: dict[Ident, float] = {}
        self.new: set[Ident] = set()  # curated: new rules, whatever they resemble
        self.doubted: set[Ident] = set()  # links made on little evidence
        self.children_before = _children(before)
        self.children_after = _children(after)
        self.title_before = _titles(before)
        self.title_after = _titles(after)
        # titles printed before ("General"): a heading printing one opens no new topic
        self.headings_before = {rule.words for rule in before if _is_heading(rule)}

    def run(self) -> dict[Ident, Link]:
        for target, source in self.curated.items():
            if target in self.after:
                if source is None:
                    self.new.add(target)  # kept out of every pass
                elif source in self.before:
                    self._link(target, source)
        for ident, rule in self.after.items():
            other = self.before.get(ident)
            if (
                other is not None
                and other.key == rule.key
                and ident not in self.links
                and ident not in self.new
                and ident not in self.taken
            ):
                self._link(ident, ident)
        self._unique_texts()
        self._settle()
        self._shared_examples()
        self._settle()
        self._anywhere(mutual=False)
        self._settle()  # a parent linked by its children before pass 9 guesses (712.8)
        self._same_place()
        self._settle()
        self._anywhere(mutual=True)
        self._settle()
        self._same_number()
        self._settle()
        self._by_sentences()
        self._settle()
        return {ident: self._result(ident) for ident in self.after}

    def merges(self, curated: dict[Ident, Ident]) -> dict[Ident, Merge]:
        """Pass 12, after :meth:`run`: the gone rules merged into linked ones; ``curated``
        first (gone rule -> taker), where the words alone cannot tell."""
        continues = {target: source for target, source in self.links.items()}
        gone = self._free()[0]
        found = {
            source: Merge(
                target, round(kept_share(self.before[source].words, self.after[target].words), 3)
            )
            for source, target in sorted(curated.items())
            if source in gone and target in continues
        }
        return found | find_merges(
            {ident: self.before[ident].words for ident in gone if ident not in found},
            {ident: rule.words for ident, rule in self.before.items()},
            {ident: self.after[ident].words for ident in continues},
            continues,
            lambda target, source: (
                self._comparable(target, source) and self._names_heading(target, source)
            ),
        )

    def splits(self, links: dict[Ident, Link]) -> dict[Ident, Link]:
        """Pass 13, after :meth:`run`: the new rules split off a rule that continues
        (``lineage_splits``), as their links; curated new rules stay new."""
        continued = {source: target for target, source in self.links.items()}
        found = find_splits(
            {
                ident: self.after[ident].words
                for ident, link in links.items()
                if link.how == NEW and ident not in self.new
            },
            {ident: self.before[ident].words for ident in continued},
            {ident: self.after[target].words for ident, target in continued.items()},
            lambda target, source: (
                self._comparable(target, source) and self._names_heading(target, source)
            ),
        )
        return {
            target: Link(split.source, SPLIT, split.taken, split.uncertain)
            for target, split in sorted(found.items())
        }

    def _names_heading(self, target: Ident, source: Ident) -> bool:
        """Whether a rule under a heading ("502.38 Bushido") and a rule under another heading
        that would take its words name one thing: the first heading's title is in the taker
        (502.11d's "bands with other" in 702.19m, under Banding)."""
        title, own = self.title_before.get(source[0]), self.title_after.get(target[0])
        if title is None or own is None or own[1] == title[1]:
            return True
        return f" {title[1]} " in f" {' '.join(self.after[target].words)} "

    def _settle(self) -> None:
        """Link in context and by children while that links anything (a link found late gives
        its subrules a context)."""
        while self._in_context() + self._by_children():
            pass

    def _result(self, ident: Ident) -> Link:
        source = self.links.get(ident)
        if source is None:
            return Link(None, NEW, 0.0, self._refused(ident))
        before, after = self.before[source], self.after[ident]
        same_text = before.key == after.key
        if source == ident:
            how = SAME if same_text else RETYPESET if before.typeset == after.typeset else REWORDED
        else:  # a new number: renumbered whatever its typography
            how = RENUMBERED if before.typeset == after.typeset else MOVED
        score = self.scores.get(ident)
        if score is None:
            score = similarity(before, after)
        return Link(source, how, round(score, 3), ident in self.doubted)

    def _refused(self, ident: Ident) -> bool:
        """Whether a new rule's number was printed before by a rule that went nowhere, or went
        elsewhere only on doubtful evidence: the matcher refused a link it cannot rule out."""
        if ident not in self.before or ident in self.new:
            return False
        if ident not in self.taken:
            return True
        return any(
            source == ident and target in self.doubted for target, source in self.links.items()
        )

    def _comparable(self, target: Ident, source: Ident) -> bool:
        """Whether two rules at different numbers may be compared by their words: not when
        they are one template sentence about two keywords, under headings not linked
        ("Multiple instances of vigilance" is never "Multiple instances of snow-covered")."""
        if target == source:
            return True
        after = self.title_after.get(target[0])
        before = self.title_before.get(source[0])
        if after is None or before is None or after[1] == before[1]:
            return True
        if self.links.get((after[0], 1)) == (before[0], 1):
            return True
        a, b = self.after[target], self.before[source]
        templated = difflib.SequenceMatcher(
            a=_templated(b.words, before[1]), b=_templated(a.words, after[1]), autojunk=False
        ).ratio()
        return templated <= similarity(b, a) + TEMPLATE_GAIN

    def _link(
        self, target: Ident, source: Ident, score: float | None = None, doubted: bool = False
    ) -> None:
        self.links[target] = source
        self.taken.add(source)
        if score is not None:
            self.scores[target] = score
        if doubted:
            self.doubted.add(target)

    def _free(self) -> tuple[list[Ident], list[Ident]]:
        return (
            [i for i in self.before if i not in self.taken],
            [i for i in self.after if i not in self.links and i not in self.new],
        )

    def _by_sentences(self) -> None:
        """Pass 11: a rule it would call gone, found in the next release by a sentence kept
        nearly whole (lineage_sentences); uncertain."""
        free_before, free_after = self._free()
        pairs = sentence_pairs(
            {ident: self.before[ident].text for ident in free_before},
            {ident: self.after[ident].text for ident in free_after},
            as_words(_WORD, _folded),
        )
        for score, target, source in pairs:
            if target in self.links or source in self.taken:
                continue
            if self._comparable(target, source):
                self._link(target, source, score, doubted=True)

    def _unique_texts(self) -> None:
        free_before, free_after = self._free()
        by_key_before = _by_key(self.before[i] for i in free_before)
        by_key_after = _by_key(self.after[i] for i in free_after)
        for key, targets in by_key_after.items():
            sources = by_key_before.get(key, [])
            if len(targets) == 1 and len(sources) == 1:
                self._link(targets[0], sources[0], 1.0)

    def _shared_examples(self) -> None:
        """Two unlinked rules printing one example that no other unlinked rule prints: the
        rule moved with its example; a rule whose examples went to several rules continues in
        the one most like it (2009-07-11's 508.1d, the attack requirements check of 500.2)."""
        free_before, free_after = self._free()
        owners_before = _by_example(self.before[i] for i in free_before)
        owners_after = _by_example(self.after[i] for i in free_after)
        pairs = {
            (targets[0], owners_before[example][0])
            for example, targets in owners_after.items()
            if len(targets) == 1 and len(owners_before.get(example, ())) == 1
        }
        scored = sorted(
            ((similarity(self.before[s], self.after[t]), t, s) for t, s in pairs),
            key=lambda p: (-p[0], p[1], p[2]),
        )
        words = self._word_candidates() if scored else {}
        for score, target, source in scored:
            if target not in self.links and source not in self.taken:
                if _closer_elsewhere(words, target, source, score):
                    continue  # 2007-05-01's 500.3a opens with 501.1, not 501.2 of its example
                rivals = [
                    other
                    for other, t, s in scored
                    if (t == target) != (s == source) and (t, s) != (target, source)
                ]
                self._link(
                    target,
                    source,
                    score,
                    score < IN_CONTEXT_MUTUAL or any(score - other < TIE for other in rivals),
                )

    def _in_context(self) -> int:
        """Link the best-scoring pairs of one number, or under linked parents; a rule whose
        own number is free is also compared with its siblings under the same parent number
        (2011-02-04's 903.11 and 903.12 swapped places under a retitled heading)."""
        free_before, free_after = self._free()
        free = set(free_before)
        headings = [ident for ident in free_before if _is_heading(self.before[ident])]
        pairs: dict[tuple[Ident, Ident], float] = {}
        for target in free_after:
            rule = self.after[target]
            # Its own number's rule free: its whole context; taken: its parent's lineage only.
            candidates = (
                self._context(target) if target in free else self._continued_children(target)
            ) & free
            if _is_heading(rule):
                candidates |= self._headings_under_continued(target, headings)
            for source in candidates:
                if self._comparable(target, source):
                    pairs[(target, source)] = similarity(self.before[source], rule)
        linked = 0
        for (target, source), score in sorted(pairs.items(), key=lambda item: (-item[1], item[0])):
            if score < IN_CONTEXT or target in self.links or source in self.taken:
                continue
            self._link(target, source, score)
            linked += 1
        return linked

    def _by_children(self) -> int:
        """An unlinked rule whose linked subrules mostly come from one unlinked rule's."""
        free_before, free_after = self._free()
        free = set(free_before)
        linked = 0
        for target in free_after:
            children = self.children_after.get(target[0], ())
            sources = [self.links[child] for child in children if child in self.links]
            if not sources:
                continue
            parents = Counter(parent_number(number) for number, _ in sources)
            ((parent, count),) = parents.most_common(1)
            source = (parent, 1) if parent is not None else None
            if (
                source in free
                and source not in self.taken
                and count >= CHILDREN_AGREE * len(children)
                and count >= min(2, len(children))
                and not self._text_went_elsewhere(target, source)
            ):
                self._link(target, source)
                linked += 1
        return linked

    def _text_went_elsewhere(self, target: Ident, source: Ident) -> bool:
        """Whether a rule's own text is clearly more like another unlinked rule in its context
        than like the rule its subrules point to (2016-09-30's 513.1 "... the active player
        gets priority" keeps 513.1a under it, but continues 513.2, not 513.1)."""
        rule = self.after[target]
        own = similarity(self.before[source], rule)
        return any(
            similarity(self.before[other], rule) >= max(IN_CONTEXT_MUTUAL, own + RIVAL)
            for other in self._context(target) - self.taken - {source}
            if other in self.before
        )

    def _same_place(self) -> None:
        """A rule rewritten in its place: the same number, its parent linked to its parent,
        words in common, and no closer match anywhere."""
        free_before, free_after = self._free()
        free = set(free_before)
        for target in free_after:
            parent = parent_number(target[0])
            if target not in free or parent is None or self.links.get((parent, 1)) != (parent, 1):
                continue
            score = similarity(self.before[target], self.after[target])
            if _kept_whole(self.before[target], self.after[target]):
                self._link(target, target, score)  # extended: its old words all still there
            elif score >= SAME_PLACE:
                self._link(target, target, score, True)

    def _anywhere(self, mutual: bool) -> None:
        """Long texts very like one another, whatever their numbers; with ``mutual``, two rules
        that are each other's best match and alike enough: MUTUAL anywhere, IN_CONTEXT_MUTUAL
        in context (the number or the parent's lineage kept)."""
        pairs: list[tuple[float, Ident, Ident]] = []
        for target, scored in self._word_candidates().items():
            for source, score in scored.items():
                floor = (
                    IN_CONTEXT_MUTUAL
                    if mutual and self._in_context_of(target, source)
                    else MUTUAL
                    if mutual
                    else ANYWHERE
                )
                if score >= floor:
                    pairs.append((score, target, source))
        best_of_source: dict[Ident, float] = defaultdict(float)
        best_of_target: dict[Ident, float] = defaultdict(float)
        for score, target, source in pairs:
            best_of_source[source] = max(score, best_of_source[source])
            best_of_target[target] = max(score, best_of_target[target])
        for score, target, source in sorted(pairs, key=lambda p: (-p[0], p[1], p[2])):
            if target in self.links or source in self.taken:
                continue
            if score >= ANYWHERE:
                self._link(target, source, score, self._near_tie(pairs, target, source, score))
            elif best_of_source[source] == score == best_of_target[target]:
                self._link(target, source, score, True)  # each other's best, no more

    def _word_candidates(self) -> dict[Ident, dict[Ident, float]]:
        """Each unlinked rule's similarity to the unlinked rules of the release before that
        share most of its rarer words, and to those in its context (same number, siblings)."""
        free_before, free_after = self._free()
        free = set(free_before)
        long_before = [
            self.before[i] for i in free_before if len(self.before[i].words) >= ANYWHERE_WORDS
        ]
        index: dict[str, list[Printed]] = defaultdict(list)
        for rule in long_before:
            for word in set(rule.words):
                index[word].append(rule)
        found: dict[Ident, dict[Ident, float]] = {}
        for target in free_after:
            rule = self.after[target]
            sources = self._context(target) & free  # free: printed before
            if len(rule.words) >= ANYWHERE_WORDS:
                shared: Counter[Ident] = Counter()
                for word in set(rule.words):
                    hits = index.get(word, ())
                    if len(hits) <= COMMON_WORD:
                        shared.update(other.ident for other in hits)
                # Ties cut in rule order: most_common keeps insertion order, which follows
                # the set's (hash) order, so the same releases linked differently run to run.
                ranked = sorted(shared.items(), key=lambda item: (-item[1], item[0]))
                sources |= {source for source, _ in ranked[:CANDIDATES]}
            found[target] = {
                source: similarity(self.before[source], rule)
                for source in sources
                if self._comparable(target, source)
            }
        return found

    def _context(self, target: Ident) -> set[Ident]:
        """The rules of the release before a rule is compared with in context: its number, its
        parent number's subrules, the subrules of the rule its parent continues."""
        parent = parent_number(target[0])
        siblings = set(self.children_before.get(parent, ())) if parent is not None else set()
        return {target} | siblings | self._continued_children(target)

    def _continued_children(self, target: Ident) -> set[Ident]:
        """The subrules of the rule that a rule's parent continues (none if it is unlinked)."""
        parent = parent_number(target[0])
        source_parent = self.links.get((parent, 1)) if parent is not None else None
        return set(self.children_before.get(source_parent[0], ())) if source_parent else set()

    def _headings_under_continued(self, target: Ident, headings: list[Ident]) -> set[Ident]:
        """Of ``headings``, those at any depth under the rule a heading's parent continues: a
        subrule's heading may become a section (2009-07-11's 419.9 is 615)."""
        parent = parent_number(target[0])
        source_parent = self.links.get((parent, 1)) if parent is not None else None
        if source_parent is None:
            return set()
        return {ident for ident in headings if _under(ident[0], source_parent[0])}

    def _in_context_of(self, target: Ident, source: Ident) -> bool:
        """Whether ``source`` lies under the rule that ``target``'s nearest linked ancestor
        continues (or has its number or parent number); not past an unlinked heading with a
        title never printed before, a new topic, when ``source``'s own heading continues
        elsewhere (2020-01-24's Escape is not Bestow, whose heading continues as Bestow)."""
        if source in self._context(target):
            return True
        number = parent_number(target[0])
        new_heading = False
        while number is not None and (number, 1) not in self.links:
            heading = self.after.get((number, 1))
            new_heading = new_heading or (
                heading is not None
                and _is_heading(heading)
                and heading.words not in self.headings_before
            )
            number = parent_number(number)
        if number is None:
            return False
        ancestor = self.links[(number, 1)][0]
        if not _under(source[0], ancestor):
            return False
        return not new_heading or self._heading_of(source) not in self.taken

    def _heading_of(self, source: Ident) -> Ident | None:
        """The nearest heading above a rule of the release before."""
        number = parent_number(source[0])
        while number is not None:
            rule = self.before.get((number, 1))
            if rule is not None and _is_heading(rule):
                return rule.ident
            number = parent_number(number)
        return None

    def _near_tie(
        self, pairs: list[tuple[float, Ident, Ident]], target: Ident, source: Ident, score: float
    ) -> bool:
        """Whether another free rule is nearly as good a match, on either side."""
        return any(
            score - other < TIE
            and (t == target) != (s == source)
            and t not in self.links
            and s not in self.taken
            for other, t, s in pairs
        )

    def _same_number(self) -> None:
        """A rule keeping its number under a linked parent (or a heading keeping its number in a
        linked chapter) continues the rule printed there before when that rule went nowhere,
        unless their words share nothing of substance; headings first, so that their subrules
        then have a context."""
        free_before, free_after = self._free()
        free = set(free_before)
        for target in sorted(free_after, key=lambda ident: (len(ident[0]), ident)):
            parent = parent_number(target[0])
            if target not in free or target in self.links or target in self.new:
                continue
            if parent is not None and self.links.get((parent, 1)) != (parent, 1):
                continue
            before, after = self.before[target], self.after[target]
            score = similarity(before, after)
            if _kept_whole(before, after) or _kept_whole(after, before):
                self._link(target, target, score)
            elif score >= SAME_PLACE or _same_subject(before, after):
                self._link(target, target, score, True)


def _closer_elsewhere(
    scored: dict[Ident, dict[Ident, float]], target: Ident, source: Ident, score: float
) -> bool:
    """Whether either rule of a pair is clearly more like another unlinked rule (RIVAL more
    than the pair, and at least IN_CONTEXT_MUTUAL): ``scored`` as _word_candidates gives."""
    floor = max(IN_CONTEXT_MUTUAL, score + RIVAL)
    return any(
        value >= floor
        for t, sources in scored.items()
        for s, value in sources.items()
        if (t == target) != (s == source)
    )


def _templated(words: tuple[str, ...], title: str) -> tuple[str, ...]:
    """The words with the heading's title in them as one placeholder."""
    title_words = tuple(title.split())
    out: list[str] = []
    index = 0
    while index < len(words):
        if words[index : index + len(title_words)] == title_words:
            out.append("\x00")
            index += len(title_words)
        else:
            out.append(words[index])
            index += 1
    return tuple(out)


def _titles(rules: Iterable[Printed]) -> dict[str, tuple[str, str]]:
    """Each subrule of a heading rule ("702.11 Intimidate": a numbered rule whose text is a
    short title) -> (the heading's number, its title folded)."""
    headings = {
        rule.number: " ".join(rule.words)
        for rule in rules
        if rule.occurrence == 1
        and "." in rule.number
        and rule.number[-1].isdigit()
        and _is_title(rule)
    }
    found: dict[str, tuple[str, str]] = {}
    for rule in rules:
        parent = parent_number(rule.number)
        if parent in headings:
            found[rule.number] = (parent, headings[parent])
    return found


def _under(number: str, ancestor: str) -> bool:
    """Whether ``number`` is ``ancestor`` or one of its subrules, at any depth."""
    while number is not None and number != ancestor:
        number = parent_number(number)  # type: ignore[assignment]
    return number == ancestor


def _same_subject(before: Printed, after: Printed) -> bool:
    """Whether two texts say something of one thing: a run of SUBJECT_WORDS words in common
    (208.2 "Some creature cards have power and/or toughness ..."), or one word in common
    between two headings (716 "Ending the Turn", "Ending Turns and Phases")."""
    if _is_title(before) and _is_title(after):
        return bool(set(before.words) & set(after.words))
    matcher = difflib.SequenceMatcher(a=before.words, b=after.words, autojunk=False)
    return matcher.find_longest_match().size >= SUBJECT_WORDS


def _is_title(rule: Printed) -> bool:
    return 0 < len(rule.words) <= HEADING_WORDS and not rule.text.rstrip().endswith(".")


def _is_heading(rule: Printed) -> bool:
    """A section's or a subrule's heading: a title of up to SECTION_WORDS words, no sentence
    ("Escape", "Interaction of Replacement and/or Prevention Effects")."""
    return 0 < len(rule.words) <= SECTION_WORDS and not rule.text.rstrip().endswith((".", ":"))


def _kept_whole(before: Printed, after: Printed) -> bool:
    """Whether ``after`` keeps nearly all of ``before``'s words, in order (a rule extended)."""
    if len(before.words) < 3:
        return False
    matcher = difflib.SequenceMatcher(a=before.words, b=after.words, autojunk=False)
    kept = sum(block.size for block in matcher.get_matching_blocks())
    return kept >= KEPT_WHOLE * len(before.words)


def _children(rules: Iterable[Printed]) -> dict[str, list[Ident]]:
    children: dict[str, list[Ident]] = defaultdict(list)
    for rule in rules:
        parent = parent_number(rule.number)
        if parent is not None and rule.occurrence == 1:
            children[parent].append(rule.ident)
    return children


def _by_example(rules: Iterable[Printed]) -> dict[str, list[Ident]]:
    """Each example (typography folded) -> the rules printing it."""
    found: dict[str, list[Ident]] = defaultdict(list)
    for rule in rules:
        for example in dict.fromkeys(rule.typeset[1:]):  # once each, in printed order
            found[example].append(rule.ident)
    return found


def _by_key(rules: Iterable[Printed]) -> dict[str, list[Ident]]:
    found: dict[str, list[Ident]] = defaultdict(list)
    for rule in rules:
        found[rule.key].append(rule.ident)
    return found


# --- lineages over every release ------------------------------------------------------------


@dataclass(frozen=True)
class Lineages:
    """Every release's links, and the lineage each rule belongs to."""

    days: list[str]  # ISO dates, oldest first
    links: dict[str, dict[Ident, Link]]  # day -> rule -> where it comes from
    lineage: dict[str, dict[Ident, str]]  # day -> rule -> lineage id
    merges: dict[str, dict[Ident, Merge]]  # day -> rule of the day before -> where it merged

    def segments(self) -> list[tuple[str, int, str, str, str]]:
        """(number, occurrence, first day, last day, lineage): maximal runs of consecutive
        releases in which a lineage keeps its number."""
        open_: dict[tuple[Ident, str], str] = {}  # (rule, lineage) -> first day
        done: list[tuple[str, int, str, str, str]] = []
        previous_day: str | None = None
        for day in self.days:
            current = {(ident, lineage) for ident, lineage in self.lineage[day].items()}
            for key in list(open_):
                if key not in current:
                    (number, occurrence), lineage = key
                    done.append((number, occurrence, open_.pop(key), previous_day or day, lineage))
            for key in current:
                open_.setdefault(key, day)
            previous_day = day
        for ((number, occurrence), lineage), first in open_.items():
            done.append((number, occurrence, first, previous_day or first, lineage))
        return sorted(done)


def lineage_id(ident: Ident, day: str) -> str:
    """A lineage is named by the number and release it begins with: 502.9@1999-04-23."""
    number, occurrence = ident
    return f"{number}@{day}" if occurrence == 1 else f"{number}#{occurrence}@{day}"


def follow(
    releases: Sequence[tuple[str, Sequence[Printed]]],
    curated: dict[str, dict[Ident, Ident | None]] | None = None,
    merged: dict[str, dict[Ident, Ident]] | None = None,
) -> Lineages:
    """Link every release to the one before it and name each rule's lineage (``curated``
    links and ``merged`` merges by release)."""
    curated, merged = curated or {}, merged or {}
    days = [day for day, _ in releases]
    links: dict[str, dict[Ident, Link]] = {}
    merges: dict[str, dict[Ident, Merge]] = {}
    lineage: dict[str, dict[Ident, str]] = {}
    before: Sequence[Printed] = ()
    before_day: str | None = None
    for day, rules in releases:
        found, merges[day] = link_and_merge(before, rules, curated.get(day), merged.get(day))
        links[day] = found
        lineage[day] = {
            ident: (
                lineage[before_day][link.source]
                if link.source is not None and link.how != SPLIT and before_day is not None
                else lineage_id(ident, day)
            )
            for ident, link in found.items()
        }
        before, before_day = rules, day
    return Lineages(days, links, lineage, merges)


def link_rows(
    links: dict[Ident, Link], merges: dict[Ident, Merge] | None = None
) -> list[list[Any]]:
    """A release's links as the seed stores them: all but the rules printed unchanged,
    ``[number, occurrence, from_number, from_occurrence, how, similarity, uncertain]``, then
    the merges (how "merged": the rule that took a gone rule's words, and that rule)."""
    rows: list[list[Any]] = []
    for (number, occurrence), link in sorted(links.items()):
        if link.how == SAME:
            continue
        source = link.source or (None, None)
        rows.append(
            [number, occurrence, source[0], source[1], link.how, link.similarity, link.uncertain]
        )
    for (number, occurrence), merge in sorted((merges or {}).items()):
        rows.append([*merge.target, number, occurrence, MERGED, merge.kept, merge.uncertain])
    return rows
