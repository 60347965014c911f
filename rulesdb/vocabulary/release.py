"""One CR release's type vocabulary in memory: membership, correlation (205.3c-e), choices.

Layers, each importing only those before it: ``spelling`` (look-up keys) -> ``index`` (one
release's tables) -> ``typeline`` (the parser) -> this module -> ``loader``. A
:class:`Vocabulary` touches no database: its methods are dict and set look-ups, so a warm
membership question costs about a hundred nanoseconds. Build one through
``rulesdb.vocabulary.load_vocabulary(bind, as_of)``.

Every look-up accepts any case and straight or curly apostrophes (``names.lookup_key``);
answers use the CR's own spelling. A Vocabulary knows the subtype categories of ITS release
only: asking about a category that release lacks (battle types in 2016) raises
:class:`UnknownCategory`, a ``RulesdbError``.
"""

from __future__ import annotations

import difflib
from collections.abc import Iterable, Mapping
from datetime import date
from typing import Any, NamedTuple, TypedDict

from rulesdb.errors import RulesdbError
from rulesdb.util.text import ECHOED, clip, with_article
from rulesdb.vocabulary.citations import CURRENT, NO_CHOICE_RULE
from rulesdb.vocabulary.index import GAIN_RULE, Index, build_index, name_in, segment_words
from rulesdb.vocabulary.spelling import MEMO_LENGTH, cached_key, not_text, word_key
from rulesdb.vocabulary.typeline import TypeLine, TypeLineParser

__all__ = [
    "CHOICE_RULE",
    "GAIN_RULE",
    "Choice",
    "Keyword",
    "Later",
    "Meaning",
    "Report",
    "Successor",
    "UnknownCategory",
    "Vocabulary",
]

CHOICE_RULE = CURRENT.choice  # today's 205.3e; each release cites its own (Index.citations)

_KIND_ALIASES = {
    "card type": "card type",
    "card_type": "card type",
    "card-type": "card type",
    "supertype": "supertype",
    "subtype": "subtype",
}


class UnknownCategory(RulesdbError):
    """A subtype category the release does not have (or no release has)."""


class Meaning(NamedTuple):
    """One thing a word is in a release: ('creature type', 'Merfolk', 'creature', '205.3m')."""

    kind: str  # "card type", "supertype" or "<category> type"
    name: str  # the CR's spelling
    category: str | None  # subtype category; None for card types and supertypes
    rule: str  # the rule listing it in that release


class Choice(NamedTuple):
    """Whether a word is a valid choice of one subtype of a category (205.3e), and why not."""

    word: str
    category: str
    valid: bool
    name: str | None  # official spelling when valid
    rule: str  # the category's rule when valid, 205.3e when not
    reason: str | None  # one sentence when not valid

    def __bool__(self) -> bool:
        return self.valid


class Later(TypedDict):
    """A later fact about a merged type's cards: the types a later Oracle gave them."""

    to: str  # in words: "Human and Rogue"
    to_all: list[str]
    as_of: str  # the date of that Oracle (YYYY-MM-DD)
    source: str


# What a word a release no longer lists became ("from" is a Python keyword: the functional form).
Successor = TypedDict(
    "Successor",
    {
        "change": str,  # renamed | merged
        "kind": str,  # card_type, subtype, keyword_ability, keyword_action
        "category": str | None,  # a subtype's category
        "from": str,  # the old name, as the CR spelled it
        "to": str,  # every name it became, in words: "Human and Wizard"
        "to_all": list[str],  # each name it became
        "release_date": str,  # the release that made the change (YYYY-MM-DD)
        "rule": str,  # the rule that lists the new name there
        # Merged: what a later Oracle made of its cards, where it re-typed them afterwards
        # (Entity: Beast on 2007-10-01, Illusion in 2022); after the dated fact, never instead.
        "later": list[Later],
    },
)


class Keyword(TypedDict):
    """A keyword a release lists: keyword_ability, keyword_action or ability_word."""

    kind: str
    name: str
    rule: str


class Report(NamedTuple):
    """What a word is in a release (``rulesdb check``): ``valid`` True when it is what was
    asked, False when it is not, None when the release cannot tell (it does not enumerate
    the category the word would belong to: creature types before 2003-12-01)."""

    word: str
    release: date
    category: str | None  # the category asked about, if any
    valid: bool | None
    meanings: list[Meaning]  # everything the word is in the release, valid or not
    rule: str | None  # the rule that decides: the listing rule, or 205.3e for a bad choice
    reason: str | None  # why not, or why unknown
    # A word the release does not list: the curated rename or merge that explains it;
    # filled in from the database.
    successor: Successor | None = None
    not_enumerated: tuple[str, ...] = ()  # the categories the release leaves unlisted, if unknown
    keyword: Keyword | None = None  # a keyword of the release
    nearest: tuple[str, ...] = ()  # listed names spelled like the word, when it is none

    def to_json(self) -> dict[str, Any]:
        return {
            "word": self.word,
            "release": self.release.isoformat(),
            "category": self.category,
            "valid": self.valid,
            "meanings": [meaning._asdict() for meaning in self.meanings],
            "rule": self.rule,
            "reason": self.reason,
            "successor": self.successor,
            "not_enumerated": list(self.not_enumerated),
            "keyword": self.keyword,
            "nearest": list(self.nearest),
        }


class Vocabulary:
    """The card types, supertypes and subtypes of one CR release. Immutable."""

    __slots__ = (
        "_all_subtype_keys",
        "_parsed",
        "effective_date",
        "index",
        "seed_sha256",
        "type_line_parser",
    )

    _PARSED_MAX = 1 << 16
    effective_date: date
    seed_sha256: str
    index: Index
    _all_subtype_keys: frozenset[str]
    type_line_parser: TypeLineParser
    _parsed: dict[str, TypeLine]

    def __init__(
        self,
        effective_date: date,
        *,
        card_types: Mapping[str, str],
        supertypes: Mapping[str, str],
        categories: Mapping[str, str],
        category_card_types: Mapping[str, Iterable[str]],
        subtypes: Mapping[str, Iterable[str]],
        seed_sha256: str = "",
        rules: Mapping[str, str] | None = None,
        unlisted: Mapping[str, Iterable[str]] | None = None,
    ) -> None:
        """Names as the CR spells them: ``card_types``/``supertypes`` map name -> rule,
        ``categories`` category -> rule, ``category_card_types`` and ``subtypes`` map a
        category to its card types and its subtype names. ``rules`` (number -> text, the
        release's ``rule_text``) decide which of its rules a problem cites; without them,
        today's numbers. ``unlisted``: the categories the release does not enumerate, each
        with its card types (``rulesdb.vocabulary.enumeration.not_enumerated``); a word they
        might hold is answered "unknown"."""
        put = object.__setattr__
        index = build_index(
            effective_date,
            card_types=card_types,
            supertypes=supertypes,
            categories=categories,
            category_card_types=category_card_types,
            subtypes=subtypes,
            rules=rules,
            unlisted=unlisted,
        )
        put(self, "effective_date", effective_date)
        put(self, "seed_sha256", seed_sha256)
        put(self, "index", index)
        put(self, "_all_subtype_keys", frozenset(index.subtypes))
        put(self, "type_line_parser", TypeLineParser(index))
        put(self, "_parsed", {})

    def __setattr__(self, name: str, value: Any) -> None:
        raise AttributeError(f"Vocabulary is immutable (tried to set {name!r})")

    def __repr__(self) -> str:
        return f"Vocabulary({self.effective_date.isoformat()})"

    # What the release has

    @property
    def card_types(self) -> tuple[str, ...]:
        return tuple(sorted(self.index.card_types.values()))

    @property
    def supertypes(self) -> tuple[str, ...]:
        return tuple(sorted(self.index.supertypes.values()))

    @property
    def categories(self) -> tuple[str, ...]:
        """The subtype categories of this release, in the CR's order."""
        return self.index.categories

    @property
    def not_enumerated(self) -> tuple[str, ...]:
        """The subtype categories this release could have but does not list (creature and
        land before 2003-12-01), in the order of their names."""
        return tuple(sorted(self.index.unlisted))

    def subtypes_of(self, category: str) -> tuple[str, ...]:
        return self.index.subtype_names[self._category(category)]

    def rule_of(self, category: str) -> str:
        """The rule listing the category's subtypes in this release (creature -> 205.3m)."""
        return self.index.category_rules[self._category(category)]

    @property
    def card_type_rule(self) -> str:
        return self.index.card_type_rule

    @property
    def supertype_rule(self) -> str:
        return self.index.supertype_rule

    # Membership: the hot path is one cached key and one set look-up.

    def is_card_type(self, word: str) -> bool:
        return word_key(word) in self.index.card_types

    def is_supertype(self, word: str) -> bool:
        return word_key(word) in self.index.supertypes

    def is_subtype(self, word: str, category: str | None = None) -> bool:
        """Is ``word`` a subtype (of ``category``, if given)? Unknown category -> error."""
        key = cached_key(word)
        if category is None:
            return key in self._all_subtype_keys
        try:
            return key in self.index.category_keys[category]
        except (KeyError, TypeError):
            return key in self.index.category_keys[self._category(category)]

    def categories_of(self, word: str) -> list[str]:
        """The categories ``word`` is a subtype of, in the CR's order (Spacecraft: artifact,
        planar from 2025-07-25); empty if it is none."""
        return [category for category, _ in self.index.subtypes.get(word_key(word), ())]

    def card_types_of(self, category: str) -> list[str]:
        """The card types a category's subtypes belong to (creature -> creature, kindred)."""
        return sorted(self.index.category_card_types[self._category(category)])

    def can_gain(
        self, card_types: Iterable[str] | str, subtype: str, category: str | None = None
    ) -> bool:
        """205.3d: can an object with these card types have this subtype? ``card_types`` is
        an iterable of names or one string of words ("artifact creature"); an unknown card
        type is an error, an unknown subtype simply can't be gained."""
        types = self._card_type_names(card_types)
        key = word_key(subtype)
        if category is not None:
            category = self._category(category)
            if key not in self.index.category_keys[category]:
                return False
            categories: Iterable[str] = (category,)
        else:
            categories = (c for c, _ in self.index.subtypes.get(key, ()))
        fits = self.index.category_card_types
        return any(not fits[c].isdisjoint(types) for c in categories)

    def check_choice(self, word: str, category: str) -> Choice:
        """205.3e: is ``word`` one, and only one, existing subtype of ``category``?
        The Choice is truthy when valid and says why not otherwise."""
        category = self._category(category)
        key = word_key(word)
        wanted = f"{category} type"
        if key in self.index.category_keys[category]:
            name = name_in(self.index.subtypes[key], category)
            return Choice(word, category, True, name, self.rule_of(category), None)

        cited = self.index.citations

        def no(reason: str) -> Choice:
            if cited.choice is None:  # cite the list's rule, and say why
                reason += (
                    f"; {NO_CHOICE_RULE}: cited is {self.rule_of(category)}, which "
                    f"names the {wanted}s"
                )
            return Choice(
                word, category, False, None, cited.choice_rule(self.rule_of(category)), reason
            )

        if not key:
            return no(f"nothing was chosen: choose one {wanted}")
        meanings = self.describe(word)
        if meanings:
            what = " and ".join(f"{m.kind} ({m.rule})" for m in meanings)
            return no(f"{meanings[0].name} is {with_article(what)}, not {with_article(wanted)}")
        parts = segment_words(key.split(), self.index)
        found = [self.index.subtypes.get(part) for part in parts]
        if len(parts) > 1 and all(found):
            listed = ", ".join(entries[0][1] for entries in found if entries)
            return no(
                f"'{' '.join(word.split())}' is {len(parts)} subtypes ({listed}); "
                f"choose one, and only one, {wanted}"
            )
        where = (
            "the glossary (no rule lists them)"
            if category in cited.glossary_lists
            else self.rule_of(category)
        )
        return no(f"'{' '.join(word.split())}' is not one of the {wanted}s listed in {where}")

    def describe(self, word: str) -> list[Meaning]:
        """Everything ``word`` is in this release: card type, supertype, subtype(s)."""
        key = word_key(word)
        found = []
        index = self.index
        if key in index.card_types:
            found.append(Meaning("card type", index.card_types[key], None, index.card_type_rule))
        if key in index.supertypes:
            found.append(Meaning("supertype", index.supertypes[key], None, index.supertype_rule))
        for category, name in index.subtypes.get(key, ()):
            found.append(
                Meaning(f"{category} type", name, category, index.category_rules[category])
            )
        return found

    def explain(
        self, word: str, category: str | None = None, *, other_categories: Iterable[str] = ()
    ) -> Report:
        """What ``word`` is in this release, and whether it is what was asked: any type word
        (no ``category``) or one valid choice of a ``category`` subtype (205.3e).

        Three answers: yes, no, and unknown (``valid`` None) where the release does not
        enumerate the category the word would belong to. A category this release lacks raises
        UnknownCategory, unless it is one it does not enumerate (unknown) or one of
        ``other_categories`` (those other releases have): then the answer is simply no.
        """
        meanings = self.describe(word)
        day = self.effective_date
        shown = " ".join(word.split()) if isinstance(word, str) else word
        if category is None:
            if meanings:
                return Report(word, day, None, True, meanings, meanings[0].rule, None)
            several = self._several_subtypes(word)
            if several is None and self.index.unlisted:
                silent = self.not_enumerated
                return Report(
                    word,
                    day,
                    None,
                    None,
                    meanings,
                    None,
                    f"unknown: the release of {day.isoformat()} does not enumerate "
                    f"{_kinds(silent)}, which '{shown}' might be; "
                    f"{self._what_it_lists()}, and '{shown}' is none of those",
                    not_enumerated=silent,
                )
            return Report(
                word,
                day,
                None,
                False,
                meanings,
                None,
                several or f"'{clip(shown, ECHOED)}' is not a card type, supertype or subtype",
                nearest=() if several else self.nearest(word),
            )
        try:
            choice = self.check_choice(word, category)
        except UnknownCategory:
            folded = category.strip().casefold() if isinstance(category, str) else None
            if folded is not None and folded in self.index.unlisted:
                return Report(
                    word,
                    day,
                    folded,
                    None,
                    meanings,
                    None,
                    f"unknown: the release of {day.isoformat()} does not "
                    f"enumerate {folded} types, so it cannot say whether '{shown}' "
                    f"is one; {self._what_it_lists()}",
                    not_enumerated=(folded,),
                )
            if folded is None or folded not in set(other_categories):
                raise
            return Report(
                word,
                day,
                folded,
                False,
                meanings,
                None,
                f"'{shown}' is no {folded} type: the release of "
                f"{day.isoformat()} has no {folded} types",
            )
        return Report(
            word,
            day,
            choice.category,
            choice.valid,
            meanings,
            choice.rule,
            choice.reason,
            nearest=() if choice.valid or meanings else self.nearest(word, category),
        )

    def nearest(self, word: str, category: str | None = None, count: int = 4) -> tuple[str, ...]:
        """Names this release lists (as ``category`` subtypes, if given) spelled most like
        ``word``: the suggestions of a "no"."""
        index = self.index
        if category is None:
            names = {
                **index.card_types,
                **index.supertypes,
                **{key: entries[0][1] for key, entries in index.subtypes.items()},
            }
        else:
            wanted = self._category(category)
            names = {
                key: name
                for key, entries in index.subtypes.items()
                for entry_category, name in entries
                if entry_category == wanted
            }
        close = difflib.get_close_matches(word_key(word), list(names), n=count, cutoff=0.75)
        return tuple(names[key] for key in close)

    def _what_it_lists(self) -> str:
        index = self.index
        parts = [f"card types ({index.card_type_rule})"]
        if index.supertypes:
            parts.append(f"supertypes ({index.supertype_rule})")
        parts += [f"{c} types ({index.category_rules[c]})" for c in index.categories]
        return "it lists " + _joined(parts)

    def _several_subtypes(self, word: str) -> str | None:
        key = word_key(word)
        parts = segment_words(key.split(), self.index)
        found = [self.index.subtypes.get(part) for part in parts]
        if len(parts) > 1 and all(found):
            listed = ", ".join(entries[0][1] for entries in found if entries)
            return f"'{' '.join(word.split())}' is {len(parts)} subtypes ({listed}), not one"
        return None

    def canonical(self, word: str, kind: str | None = None) -> str | None:
        """The CR's spelling of ``word`` as a ``kind`` ("card type", "supertype", "subtype"
        or a category name; None: any), or None if it is not one in this release."""
        key = word_key(word)
        index = self.index
        if kind is None:
            meanings = self.describe(word)
            return meanings[0].name if meanings else None
        alias = _KIND_ALIASES.get(kind.casefold() if isinstance(kind, str) else "")
        if alias == "card type":
            return index.card_types.get(key)
        if alias == "supertype":
            return index.supertypes.get(key)
        entries = index.subtypes.get(key, ())
        if alias == "subtype":
            return entries[0][1] if entries else None
        return name_in(entries, self._category(kind))

    # Type lines

    def parse(self, line: str) -> TypeLine:
        """The type line parsed and correlated (see ``rulesdb.vocabulary.typeline``);
        remembered per distinct line, since card lists repeat their type lines."""
        try:
            return self._parsed[line]
        except KeyError:
            pass
        except TypeError:
            raise not_text(line) from None
        parsed = self.type_line_parser.parse(line)
        if len(line) <= MEMO_LENGTH:
            if len(self._parsed) >= self._PARSED_MAX:
                self._parsed.clear()
            self._parsed[line] = parsed
        return parsed

    # Helpers

    def _category(self, category: Any) -> str:
        if isinstance(category, str):
            if category in self.index.category_keys:
                return category
            folded = category.strip().casefold()
            if folded in self.index.category_keys:
                return folded
        raise UnknownCategory(
            f"unknown category {category!r} in the release of "
            f"{self.effective_date.isoformat()}; expected one of: "
            f"{', '.join(self.index.categories)}"
        )

    def _card_type_names(self, card_types: Iterable[str] | str) -> set[str]:
        if isinstance(card_types, str):
            card_types = card_types.split()
        try:
            words = list(card_types)
        except TypeError:
            raise RulesdbError("card types: expected names (str or an iterable of str)") from None
        names = set()
        for word in words:
            name = self.index.card_types.get(word_key(word))
            if name is None:
                raise RulesdbError(
                    f"{word!r} is not a card type in the release of "
                    f"{self.effective_date.isoformat()} "
                    f"({self.index.card_type_rule})"
                )
            names.add(name)
        return names


def _kinds(categories: Iterable[str]) -> str:
    return _joined([f"{category} types" for category in categories], "or")


def _joined(parts: list[str], conjunction: str = "and") -> str:
    return parts[0] if len(parts) == 1 else f"{', '.join(parts[:-1])} {conjunction} {parts[-1]}"
