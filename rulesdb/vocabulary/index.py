"""One release's look-up tables, keyed by ``spelling.word_key``: what the type-line parser and
the Vocabulary read. Built once per release by :func:`build_index`; read-only afterwards.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from datetime import date
from typing import NamedTuple

from rulesdb.errors import RulesdbError
from rulesdb.util.names import lookup_key
from rulesdb.util.rule_numbers import rule_key
from rulesdb.vocabulary.citations import CURRENT, Citations, find_citations

GAIN_RULE = CURRENT.gain  # today's number; each release cites its own (Index.citations)
# 205.3b: "all words after the dash are, collectively, a single subtype" for these categories.
WHOLE_TEXT_CATEGORIES = frozenset({"planar"})


class Index(NamedTuple):
    """The vocabulary of one release as look-up tables (names in the CR's spelling)."""

    effective_date: date
    card_type_rule: str  # 205.2a
    supertype_rule: str  # 205.4a
    categories: tuple[str, ...]  # subtype categories in the CR's order (205.3g, 205.3h, ...)
    card_types: Mapping[str, str]  # key -> official name
    supertypes: Mapping[str, str]
    subtypes: Mapping[str, tuple[tuple[str, str], ...]]  # key -> ((category, name), ...)
    subtype_names: Mapping[str, tuple[str, ...]]  # category -> sorted names
    category_keys: Mapping[str, frozenset[str]]  # category -> keys of its subtypes
    category_card_types: Mapping[str, frozenset[str]]  # category -> card types
    category_rules: Mapping[str, str]
    phrases: frozenset[str]  # keys of multi-word subtypes matched word by word (Time Lord)
    phrase_starts: frozenset[str]  # their first words
    phrase_lengths: tuple[int, ...]  # word counts of those phrases, longest first
    whole_text_card_types: frozenset[str]  # card types whose subtype is the whole text
    citations: Citations = CURRENT  # the release's own rules for each problem (205.1, ...)
    # Categories the release could have but does not list (creature types before 2003-12-01)
    # -> the release's card types they would belong to; see rulesdb.vocabulary.enumeration.
    unlisted: Mapping[str, frozenset[str]] = {}


def build_index(
    effective_date: date,
    *,
    card_types: Mapping[str, str],
    supertypes: Mapping[str, str],
    categories: Mapping[str, str],
    category_card_types: Mapping[str, Iterable[str]],
    subtypes: Mapping[str, Iterable[str]],
    rules: Mapping[str, str] | None = None,
    unlisted: Mapping[str, Iterable[str]] | None = None,
) -> Index:
    """``card_types``/``supertypes`` map name -> rule, ``categories`` category -> rule,
    ``category_card_types`` and ``subtypes`` map a category to its card types and subtypes;
    ``rules`` (number -> text) are the release's recorded rules, which say what it cites;
    ``unlisted`` maps the categories it does not enumerate to their card types."""
    order = tuple(sorted(categories, key=lambda c: (rule_key(categories[c]), c)))
    names = {c: tuple(sorted(subtypes.get(c, ()))) for c in order}
    keyed: dict[str, list[tuple[str, str]]] = {}
    for category in order:
        for name in names[category]:
            keyed.setdefault(lookup_key(name), []).append((category, name))
    card_of = {c: frozenset(category_card_types.get(c, ())) for c in order}
    phrases = frozenset(
        lookup_key(n)
        for c in order
        if c not in WHOLE_TEXT_CATEGORIES
        for n in names[c]
        if " " in n.strip()
    )
    card_type_rule = _one_rule(card_types, "card type")
    return Index(
        effective_date=effective_date,
        card_type_rule=card_type_rule,
        supertype_rule=_one_rule(supertypes, "supertype"),
        categories=order,
        card_types={lookup_key(n): n for n in card_types},
        supertypes={lookup_key(n): n for n in supertypes},
        subtypes={k: tuple(v) for k, v in keyed.items()},
        subtype_names=names,
        category_keys={c: frozenset(lookup_key(n) for n in names[c]) for c in order},
        category_card_types=card_of,
        category_rules=dict(categories),
        phrases=phrases,
        phrase_starts=frozenset(p.split()[0] for p in phrases),
        phrase_lengths=tuple(sorted({len(p.split()) for p in phrases}, reverse=True)),
        whole_text_card_types=frozenset(
            t for c in order if c in WHOLE_TEXT_CATEGORIES for t in card_of[c]
        ),
        citations=find_citations(rules or {}, card_type_rule, categories, names),
        unlisted={c: frozenset(types) for c, types in (unlisted or {}).items()},
    )


def segment_words(keys: list[str], index: Index) -> list[str]:
    """Split subtype words into subtypes, longest listed phrase first (205.3b: Time Lord)."""
    parts = []
    i = 0
    while i < len(keys):
        for n in index.phrase_lengths:
            if i + n <= len(keys):
                phrase = " ".join(keys[i : i + n])
                if phrase in index.phrases:
                    parts.append(phrase)
                    i += n
                    break
        else:
            parts.append(keys[i])
            i += 1
    return parts


def name_in(entries: Iterable[tuple[str, str]], category: str) -> str | None:
    """The name of the (category, name) entry of ``category``, if any."""
    for entry_category, name in entries:
        if entry_category == category:
            return name
    return None


def _one_rule(names_to_rules: Mapping[str, str], what: str) -> str:
    rules = set(names_to_rules.values())
    if len(rules) > 1:
        raise RulesdbError(f"{what}s listed by several rules: {', '.join(sorted(rules))}")
    return rules.pop() if rules else ""
