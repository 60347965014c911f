"""Parse a type line and correlate its subtypes with its card types (CR 205.1-205.4).

Grammar: supertypes, then card types (205.4a: "A card's supertypes are printed directly
before its card types"), then optionally a dash and the subtypes. The dash may be an em dash
or "--" (spaces around them optional), an en dash, or a hyphen with spaces around it (a hyphen
inside a word is part of it: Assembly-Worker, Power-Plant). Card types and supertypes come
only from the release's own lists (205.2a, 205.4a): "Tribal Instant" is valid before
2024-06-07 and "Kindred Instant" from then on.

After the dash (205.3b) each word is a separate subtype, except the multi-word subtypes the
release lists for categories other than planar (the creature type Time Lord, longest match
first), and except planes: the whole text after a plane's dash is ONE planar type
(Plane — Bolas’s Meditation Realm). Each subtype is correlated (205.3c) with the card types on
the line its category belongs to: Legendary Land Creature — Forest Dryad gives Forest → land,
Dryad → creature. A subtype in two categories (Spacecraft: artifact and planar) takes the
first category, in the CR's order, that fits one of the line's card types.

Bad lines raise nothing: each problem is an error (rule, message) in the TypeLine. Citations:

- a subtype that fits none of the line's card types: 205.3d;
- an unknown word after the dash: the rule(s) listing the subtypes of the line's card types
  (creature types: 205.3m in that release; several joined by ", "), or 205.3d when the line's
  card types have no subtype lists;
- an unknown word before the dash: the supertype list's rule (205.4a) when a card type
  follows it (supertype position), else the card type list's rule (205.2a);
- a supertype after a card type, or listed twice: 205.4a; a card type listed twice: 205.2a;
- a subtype before the dash, a second dash, nothing after the dash, a subtype listed twice:
  205.3b;
- no card type at all (an empty line too): 205.1.

Only input that is not a str raises RulesdbError.
"""

from __future__ import annotations

import json
import re
from dataclasses import dataclass
from datetime import date
from typing import TYPE_CHECKING, Any, NamedTuple

from rulesdb.errors import RulesdbError
from rulesdb.vocabulary.release import GAIN_RULE, word_key

if TYPE_CHECKING:
    from collections.abc import Sequence

    from rulesdb.vocabulary.release import Index, Vocabulary

TYPE_LINE_RULE = "205.1"  # "It contains the card's card type(s)"
SUBTYPE_WORDS_RULE = "205.3b"  # subtypes are listed after a long dash, one per word
LONG_DASH = "\u2014"

# Em dash, en dash or "--" anywhere; a hyphen only as a word of its own.
_DASH = re.compile(r"\s*(?:\u2014|\u2013|--)\s*|(?:^|\s+)-(?:\s+|$)")


class Subtype(NamedTuple):
    name: str  # the CR's spelling; as typed (spaces normalised) when unknown
    category: str | None  # None when the word is no subtype of the release
    card_types: tuple[str, ...]  # the line's card types it is correlated with (205.3c)


class TypeLineError(NamedTuple):
    rule: str
    message: str


@dataclass(frozen=True, slots=True)
class TypeLine:
    """A type line as one release reads it. ``valid`` when it has no errors."""

    release: date
    supertypes: tuple[str, ...]
    card_types: tuple[str, ...]
    subtypes: tuple[Subtype, ...]
    errors: tuple[TypeLineError, ...]

    @property
    def valid(self) -> bool:
        return not self.errors

    def render(self) -> str:
        """The canonical type line: "Legendary Land Creature — Forest Dryad". For an invalid
        line, what was understood of it (unknown words before the dash are left out)."""
        head = " ".join(name[:1].upper() + name[1:]
                        for name in (*self.supertypes, *self.card_types))
        if not self.subtypes:
            return head
        tail = " ".join(subtype.name for subtype in self.subtypes)
        return f"{head} {LONG_DASH} {tail}" if head else f"{LONG_DASH} {tail}"

    def __str__(self) -> str:
        return self.render()

    def to_json(self) -> dict[str, Any]:
        return {
            "release": self.release.isoformat(),
            "supertypes": list(self.supertypes),
            "card_types": list(self.card_types),
            "subtypes": [{"name": s.name, "category": s.category, "card_types": list(s.card_types)}
                         for s in self.subtypes],
            "valid": self.valid,
            "errors": [{"rule": e.rule, "message": e.message} for e in self.errors],
        }

    def json_line(self) -> str:
        """``json.dumps(self.to_json(), ensure_ascii=False)``, built from cached pieces:
        ``rulesdb parse -`` writes one per input line."""
        subtypes = ", ".join([_subtype_json(s) for s in self.subtypes])
        errors = ", ".join([_dumps({"rule": e.rule, "message": e.message})
                            for e in self.errors])
        return (f'{{"release": "{self.release.isoformat()}", '
                f'"supertypes": {_names_json(self.supertypes)}, '
                f'"card_types": {_names_json(self.card_types)}, "subtypes": [{subtypes}], '
                f'"valid": {"false" if self.errors else "true"}, "errors": [{errors}]}}')


_dumps = json.JSONEncoder(ensure_ascii=False).encode
_JSON: dict[Any, str] = {}  # names tuple or Subtype -> its JSON text


def _names_json(names: tuple[str, ...]) -> str:
    try:
        return _JSON[names]
    except KeyError:
        return _remember(names, _dumps(list(names)))


def _subtype_json(subtype: Subtype) -> str:
    try:
        return _JSON[subtype]
    except KeyError:
        return _remember(subtype, _dumps({"name": subtype.name, "category": subtype.category,
                                          "card_types": list(subtype.card_types)}))


def _remember(key: Any, text: str) -> str:
    if len(_JSON) >= 1 << 16:
        _JSON.clear()  # bounded: unknown words can be anything
    _JSON[key] = text
    return text


def parse_type_line(line: str, vocab: Vocabulary) -> TypeLine:
    """Parse and correlate ``line`` with ``vocab``'s release (not memoised: see
    ``Vocabulary.parse``)."""
    if not isinstance(line, str):
        raise RulesdbError(f"a type line must be text (str), got {type(line).__name__}")
    errors: list[TypeLineError] = []
    parts = _split_at_dash(line)
    supertypes, card_types = _head(parts[0].split(), vocab, errors)
    if not card_types:
        errors.append(TypeLineError(TYPE_LINE_RULE, "no card type: a type line contains the "
                                                    "card's card types"))
    subtypes: tuple[Subtype, ...] = ()
    if len(parts) > 1:
        if len(parts) > 2:
            errors.append(TypeLineError(SUBTYPE_WORDS_RULE, "more than one dash: subtypes are "
                                                            "listed after one long dash"))
        subtypes = _tail(" ".join(parts[1:]).split(), tuple(card_types), vocab, errors)
    return TypeLine(vocab.effective_date, tuple(supertypes), tuple(card_types), subtypes,
                    tuple(errors))


def _split_at_dash(line: str) -> list[str]:
    """The text before the dash, then after each dash. Most lines have one spaced em dash
    and no other dash: str.partition is several times faster than the regular expression."""
    head, dash, tail = line.partition(" \u2014 ")
    if dash:
        if "\u2014" in head or "\u2014" in tail or "-" in line or "\u2013" in line:
            return _DASH.split(line)
        return [head, tail]
    if "\u2014" in line or "-" in line or "\u2013" in line:
        return _DASH.split(line)
    return [line]


def _head(words: list[str], vocab: Vocabulary,
          errors: list[TypeLineError]) -> tuple[list[str], list[str]]:
    index = vocab.index
    known_card_types = index.card_types
    supertypes: list[str] = []
    card_types: list[str] = []
    for position, word in enumerate(words):
        key = word_key(word)
        name = known_card_types.get(key)
        if name is not None:
            if name in card_types:
                errors.append(TypeLineError(vocab.card_type_rule,
                                            f"the card type {name} is listed twice"))
            else:
                card_types.append(name)
            continue
        name = index.supertypes.get(key)
        if name is not None:
            if card_types:
                errors.append(TypeLineError(
                    vocab.supertype_rule, f"the supertype {name} follows the card type "
                    f"{card_types[-1]}: a card's supertypes are printed before its card types"))
            if name in supertypes:
                errors.append(TypeLineError(vocab.supertype_rule,
                                            f"the supertype {name} is listed twice"))
            else:
                supertypes.append(name)
            continue
        entries = index.subtypes.get(key)
        if entries:
            category, name = entries[0]
            errors.append(TypeLineError(SUBTYPE_WORDS_RULE, f"{name} is a {category} type: "
                                                            "subtypes are listed after a dash"))
            continue
        before_card_type = any(word_key(w) in known_card_types for w in words[position + 1:])
        errors.append(TypeLineError(
            vocab.supertype_rule if before_card_type else vocab.card_type_rule,
            f"'{word}' is neither a card type ({vocab.card_type_rule}) nor a supertype "
            f"({vocab.supertype_rule}) in the release of {vocab.effective_date.isoformat()}"))
    return supertypes, card_types


def _tail(words: list[str], card_types: tuple[str, ...], vocab: Vocabulary,
          errors: list[TypeLineError]) -> tuple[Subtype, ...]:
    if not words:
        errors.append(TypeLineError(SUBTYPE_WORDS_RULE, "nothing follows the dash: subtypes "
                                                        "are listed after it"))
        return ()
    index = vocab.index
    correlations = vocab.correlations
    subtypes: list[Subtype] = []
    for text, key in _segments(words, card_types, index):
        found = correlations.get((key, card_types))
        if found is None:
            entries = index.subtypes.get(key)
            if entries is None:  # not remembered: the message quotes the word as typed
                errors.append(_unknown_subtype(text, card_types, vocab))
                subtypes.append(Subtype(text, None, ()))
                continue
            found = _correlate(entries, card_types, index)
            if len(correlations) >= 1 << 14:
                correlations.clear()
            correlations[(key, card_types)] = found
        subtype, error = found
        if error is not None:
            errors.append(error)
        if subtype in subtypes:
            errors.append(TypeLineError(SUBTYPE_WORDS_RULE,
                                        f"the subtype {subtype.name} is listed twice"))
        subtypes.append(subtype)
    return tuple(subtypes)


def _correlate(entries: tuple[tuple[str, str], ...], card_types: tuple[str, ...],
               index: Index) -> tuple[Subtype, TypeLineError | None]:
    """205.3c: the first of the subtype's categories that fits one of the line's card types,
    with the card types it fits; 205.3d when none does."""
    for category, name in entries:
        fits = index.category_card_types[category]
        correlated = tuple(t for t in card_types if t in fits)
        if correlated:
            return Subtype(name, category, correlated), None
    category, name = entries[0]
    kinds = " and ".join(f"{c} type" for c, _ in entries)
    return Subtype(name, category, ()), TypeLineError(
        GAIN_RULE, f"{name} is a {kinds}; it corresponds to none of the line's card types "
                   f"({_listed(card_types)})")


def _segments(words: list[str], card_types: tuple[str, ...],
              index: Index) -> list[tuple[str, str]] | zip[tuple[str, str]]:
    """(text, key) of each subtype after the dash (205.3b)."""
    whole = index.whole_text_card_types
    if whole and not whole.isdisjoint(card_types):
        text = " ".join(words)
        key = word_key(text)
        entries = index.subtypes.get(key, ())
        fits = any(not index.category_card_types[c].isdisjoint(card_types) for c, _ in entries)
        # A plane's subtype is all the words; a plane that is also something else (no real
        # card) falls back to word by word unless the whole text is one of its subtypes.
        if fits or whole.issuperset(card_types):
            return [(text, key)]
    keys = [word_key(w) for w in words]
    starts = index.phrase_starts
    if starts.isdisjoint(keys):  # the usual case: one subtype per word
        return zip(words, keys, strict=True)
    segments = []
    i, count = 0, len(keys)
    while i < count:
        if keys[i] in starts:
            for n in index.phrase_lengths:
                phrase = " ".join(keys[i:i + n])
                if i + n <= count and phrase in index.phrases:
                    segments.append((" ".join(words[i:i + n]), phrase))
                    i += n
                    break
            else:
                segments.append((words[i], keys[i]))
                i += 1
        else:
            segments.append((words[i], keys[i]))
            i += 1
    return segments


def _unknown_subtype(text: str, card_types: tuple[str, ...],
                     vocab: Vocabulary) -> TypeLineError:
    index = vocab.index
    categories = [c for c in vocab.categories
                  if not index.category_card_types[c].isdisjoint(card_types)]
    day = vocab.effective_date.isoformat()
    if not categories:
        return TypeLineError(GAIN_RULE, f"'{text}' is not a subtype of any of the line's card "
                                        f"types ({_listed(card_types)}) in the release of {day}")
    kinds = " or ".join(f"{c} type" for c in categories)
    rules = ", ".join(index.category_rules[c] for c in categories)
    return TypeLineError(rules, f"'{text}' is not a {kinds} in the release of {day}")


def _listed(names: Sequence[str]) -> str:
    return ", ".join(names) if names else "none"
