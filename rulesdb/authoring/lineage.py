"""Each rule's lineage: the same rule followed from release to release through renumbering and
rewording, as the links between consecutive releases' rules.

Matched in passes, surest first, each pass taking only rules no earlier pass linked:

1. curated links (``curated/lineage.toml``), where the matcher would be wrong;
2. the same number printing the same text;
3. a text printed once among the unlinked rules of both releases: the rule moved;
4. in context, best similarity first: the same number, or rules whose parents are linked (a
   subrule keeps its parent's lineage, whatever its letter), when their words are similar;
5. a parent by its children: an unlinked rule whose subrules mostly link to the subrules of one
   unlinked rule of the release before is that rule, retitled (Tribal → Kindred);
6. anywhere, a long text very like another;
7. a rule rewritten in place: the same number under linked parents, some words in common;
8. anywhere, two long texts alike enough that are each other's best match.

Two rules at different numbers under headings that differ ("702.11 Intimidate", "502.11 Bands
with Other") and are not linked are not compared when they are one template sentence about
two keywords: more alike with each heading's title as a placeholder than as printed
("Multiple instances of X are redundant"). Passes 4 and 5 repeat while they link anything.
Similarity is difflib's ratio over the two texts' words (case, typographic quotes and dashes
aside, and 2009-07-11's new vocabulary folded on both sides: "comes into play" is "enters the
battlefield"): 1.0 the same words. A rule at the
same number under a linked parent whose old words it keeps nearly whole (a sentence added:
903.4a of 2025-11-14) continues it.

A link the matcher cannot decide is *uncertain*: one made by pass 7 (some words in common at
one number) or by pass 8 below the anywhere threshold (each other's best match, no more); and
a rule called new although the release before printed its number and that rule went nowhere
(the number's old rule neither linked to it nor elsewhere). Tools that use the links say so.

A rule keeping its number whose text and examples differ only in quotes, apostrophes, dashes or
spaces is *retypeset*, not reworded.
"""

from __future__ import annotations

import difflib
import re
from collections import Counter, defaultdict
from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from functools import cached_property
from typing import Any

from rulesdb.util.rule_numbers import parent_number

Ident = tuple[str, int]  # (number, occurrence): unique within a release

SAME, REWORDED, RETYPESET, RENUMBERED, MOVED, NEW = (
    "same", "reworded", "retypeset", "renumbered", "moved and reworded", "new")
# What the links table records; "same" is implied.
HOWS = (NEW, REWORDED, RETYPESET, RENUMBERED, MOVED)

IN_CONTEXT = 0.5  # similarity linking rules of one number, or under linked parents
ANYWHERE = 0.8  # similarity linking two rules with nothing else in common
SAME_PLACE = 0.4  # ... or at one number under linked parents, if nothing matches better
MUTUAL = 0.65  # ... or two such rules that are each other's best match
ANYWHERE_WORDS = 6  # shorter texts ("Reserved.", a title) are never linked by words alone
CHILDREN_AGREE = 0.5  # share of a rule's linked subrules that must point to one rule
CANDIDATES = 8  # rules of the release before compared word by word with an unlinked rule
COMMON_WORD = 40  # a word in more unlinked rules than this finds no candidates
KEPT_WHOLE = 0.9  # share of a rule's old words, in order, that a rule extending it keeps
HEADING_WORDS = 4  # a heading rule's title: "Trample", "Bands with Other", "Double-Faced Cards"
TEMPLATE_GAIN = 0.05  # two texts this much more alike with their keywords as placeholders

_TYPOGRAPHY = str.maketrans({"’": "'", "‘": "'", "“": '"', "”": '"', "—": "-", "–": "-"})
_WORD = re.compile(r"[\w'-]+")
# 2009-07-11 renamed the zones and actions every rule names: folded before words are compared.
_VOCABULARY = tuple((re.compile(pattern), new) for pattern, new in (
    (r"\bcomes into play\b", "enters the battlefield"),
    (r"\bcome into play\b", "enter the battlefield"),
    (r"\bcame into play\b", "entered the battlefield"),
    (r"\bcoming into play\b", "entering the battlefield"),
    (r"\bput into play\b", "put onto the battlefield"),
    (r"\bputs? (\w+ )?into play\b", r"put \1onto the battlefield"),
    (r"\bremoved? from the game\b", "exiled"),
    (r"\bremoves? (\w+ )?from the game\b", r"exile \1"),
    (r"\bleaves? play\b", "leaves the battlefield"),
    (r"\b(in|from|into) play\b", "on the battlefield"),
    (r"\bplay(s|ed)? (a|an|the|that|this|each) (spell|card)\b", r"cast \2 \3"),
))


def _folded(text: str) -> str:
    """Lower case, typography as ASCII, 2009-07-11's vocabulary."""
    value = text.translate(_TYPOGRAPHY).lower()
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
        """Its text and examples with quotes, apostrophes, dashes and spaces folded."""
        return tuple(" ".join(part.translate(_TYPOGRAPHY).split())
                     for part in (self.text, *self.examples))


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


def link_releases(before: Sequence[Printed], after: Sequence[Printed],
                  curated: dict[Ident, Ident | None] | None = None) -> dict[Ident, Link]:
    """Every rule of ``after`` linked to the rule of ``before`` it continues, or new."""
    return _Matcher(before, after, curated or {}).run()


class _Matcher:
    def __init__(self, before: Sequence[Printed], after: Sequence[Printed],
                 curated: dict[Ident, Ident | None]) -> None:
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

    def run(self) -> dict[Ident, Link]:
        for target, source in self.curated.items():
            if target in self.after:
                if source is None:
                    self.new.add(target)  # kept out of every pass
                elif source in self.before:
                    self._link(target, source)
        for ident, rule in self.after.items():
            other = self.before.get(ident)
            if (other is not None and other.key == rule.key and ident not in self.links
                    and ident not in self.new and ident not in self.taken):
                self._link(ident, ident)
        self._unique_texts()
        while self._in_context() + self._by_children():
            pass
        self._anywhere(mutual=False)
        self._same_place()
        self._anywhere(mutual=True)
        return {ident: self._result(ident) for ident in self.after}

    def _result(self, ident: Ident) -> Link:
        source = self.links.get(ident)
        if source is None:
            # Its number printed before, that rule gone nowhere: a link the matcher refused.
            orphan = ident in self.before and ident not in self.taken and ident not in self.new
            return Link(None, NEW, 0.0, orphan)
        before, after = self.before[source], self.after[ident]
        same_text = before.key == after.key
        if source == ident:
            how = SAME if same_text else RETYPESET if before.typeset == after.typeset \
                else REWORDED
        else:
            how = RENUMBERED if same_text else MOVED
        score = self.scores.get(ident)
        if score is None:
            score = similarity(before, after)
        return Link(source, how, round(score, 3), ident in self.doubted)

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
        templated = difflib.SequenceMatcher(a=_templated(b.words, before[1]),
                                            b=_templated(a.words, after[1]),
                                            autojunk=False).ratio()
        return templated <= similarity(b, a) + TEMPLATE_GAIN

    def _link(self, target: Ident, source: Ident, score: float | None = None) -> None:
        self.links[target] = source
        self.taken.add(source)
        if score is not None:
            self.scores[target] = score

    def _free(self) -> tuple[list[Ident], list[Ident]]:
        return ([i for i in self.before if i not in self.taken],
                [i for i in self.after if i not in self.links and i not in self.new])

    def _unique_texts(self) -> None:
        free_before, free_after = self._free()
        by_key_before = _by_key(self.before[i] for i in free_before)
        by_key_after = _by_key(self.after[i] for i in free_after)
        for key, targets in by_key_after.items():
            sources = by_key_before.get(key, [])
            if len(targets) == 1 and len(sources) == 1:
                self._link(targets[0], sources[0], 1.0)

    def _in_context(self) -> int:
        """Link the best-scoring pairs of one number, or under linked parents; a rule whose
        own number is free is also compared with its siblings under the same parent number
        (2011-02-04's 903.11 and 903.12 swapped places under a retitled heading)."""
        free_before, free_after = self._free()
        free = set(free_before)
        pairs: dict[tuple[Ident, Ident], float] = {}
        for target in free_after:
            rule = self.after[target]
            candidates = {target} & free
            parent = parent_number(rule.number)
            if candidates and parent is not None:
                candidates |= set(self.children_before.get(parent, ())) & free
            if parent is not None:
                source_parent = self.links.get((parent, 1))
                if source_parent is not None:
                    candidates |= set(self.children_before.get(source_parent[0], ())) & free
            for source in candidates:
                if self._comparable(target, source):
                    pairs[(target, source)] = similarity(self.before[source], rule)
        linked = 0
        for (target, source), score in sorted(pairs.items(), key=lambda item: (-item[1],
                                                                              item[0])):
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
            (parent, count), = parents.most_common(1)
            source = (parent, 1) if parent is not None else None
            if (source in free and source not in self.taken
                    and count >= CHILDREN_AGREE * len(children) and count >= min(2, len(children))):
                self._link(target, source)
                linked += 1
        return linked

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
                self._link(target, target, score)
                self.doubted.add(target)

    def _anywhere(self, mutual: bool) -> None:
        """Long texts very like one another, whatever their numbers; with ``mutual``, like
        enough and each other's best match."""
        free_before, free_after = self._free()
        long_before = [self.before[i] for i in free_before
                       if len(self.before[i].words) >= ANYWHERE_WORDS]
        index: dict[str, list[Printed]] = defaultdict(list)
        for rule in long_before:
            for word in set(rule.words):
                index[word].append(rule)
        pairs: list[tuple[float, Ident, Ident]] = []
        for target in free_after:
            rule = self.after[target]
            if len(rule.words) < ANYWHERE_WORDS:
                continue
            shared: Counter[Ident] = Counter()
            for word in set(rule.words):
                found = index.get(word, ())
                if len(found) <= COMMON_WORD:
                    shared.update(other.ident for other in found)
            for source, _ in shared.most_common(CANDIDATES):
                if not self._comparable(target, source):
                    continue
                score = similarity(self.before[source], rule)
                if score >= MUTUAL:
                    pairs.append((score, target, source))
        best_of_source: dict[Ident, float] = {}
        for score, _, source in pairs:
            best_of_source[source] = max(score, best_of_source.get(source, 0.0))
        for score, target, source in sorted(pairs, key=lambda p: (-p[0], p[1], p[2])):
            if target in self.links or source in self.taken:
                continue
            # Below ANYWHERE, only two rules that are each other's best match.
            if score >= ANYWHERE:
                self._link(target, source, score)
            elif (mutual and best_of_source[source] == score
                  and score == max(s for s, t, _ in pairs if t == target)):
                self._link(target, source, score)
                self.doubted.add(target)


def _templated(words: tuple[str, ...], title: str) -> tuple[str, ...]:
    """The words with the heading's title in them as one placeholder."""
    title_words = tuple(title.split())
    out: list[str] = []
    index = 0
    while index < len(words):
        if words[index:index + len(title_words)] == title_words:
            out.append("\x00")
            index += len(title_words)
        else:
            out.append(words[index])
            index += 1
    return tuple(out)


def _titles(rules: Iterable[Printed]) -> dict[str, tuple[str, str]]:
    """Each subrule of a heading rule ("702.11 Intimidate": a numbered rule whose text is a
    short title) -> (the heading's number, its title folded)."""
    headings = {rule.number: " ".join(rule.words) for rule in rules
                if rule.occurrence == 1 and "." in rule.number and rule.number[-1].isdigit()
                and 0 < len(rule.words) <= HEADING_WORDS and not rule.text.rstrip().endswith(".")}
    found: dict[str, tuple[str, str]] = {}
    for rule in rules:
        parent = parent_number(rule.number)
        if parent in headings:
            found[rule.number] = (parent, headings[parent])
    return found


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
                    done.append((number, occurrence, open_.pop(key), previous_day or day,
                                 lineage))
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


def follow(releases: Sequence[tuple[str, Sequence[Printed]]],
           curated: dict[str, dict[Ident, Ident | None]] | None = None) -> Lineages:
    """Link every release to the one before it and name each rule's lineage."""
    curated = curated or {}
    days = [day for day, _ in releases]
    links: dict[str, dict[Ident, Link]] = {}
    lineage: dict[str, dict[Ident, str]] = {}
    before: Sequence[Printed] = ()
    before_day: str | None = None
    for day, rules in releases:
        found = link_releases(before, rules, curated.get(day))
        links[day] = found
        lineage[day] = {
            ident: (lineage[before_day][link.source]
                    if link.source is not None and before_day is not None
                    else lineage_id(ident, day))
            for ident, link in found.items()}
        before, before_day = rules, day
    return Lineages(days, links, lineage)


def link_rows(links: dict[Ident, Link]) -> list[list[Any]]:
    """A release's links as the seed stores them: all but the rules printed unchanged,
    ``[number, occurrence, from_number, from_occurrence, how, similarity, uncertain]``."""
    rows = []
    for (number, occurrence), link in sorted(links.items()):
        if link.how == SAME:
            continue
        source = link.source or (None, None)
        rows.append([number, occurrence, source[0], source[1], link.how, link.similarity,
                     link.uncertain])
    return rows
