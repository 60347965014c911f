"""Which subtype lists a release leaves out: the categories it could have but does not list.

Releases before 2003-12-01 list no creature types, before 2004-10-01 no land types, and so on,
though their cards had them: such a release is silent about whether "Goblin" is a subtype, and
an answer of "no" would be wrong. A category is *not enumerated* by a release when

- some release of the database lists it (its card types are known: creature → creature,
  tribal, kindred),
- the release has one of those card types, and
- the release's own rules do not say those card types have no subtypes ("There are no
  subtypes for artifact cards, instant cards, or sorcery cards.", 212.2d in 1999-11-01).

Pure functions over what a release's tables hold; the loader passes them in.
"""

from __future__ import annotations

import re
from collections.abc import Iterable, Mapping

# Sentences in which the CR says card types have no subtypes. "A card with the type
# 'enchantment' has no subtype" (2003) is about the plain word, not all enchantments: no match.
_NONE_SAID = re.compile(
    r"\b(?:have no subtypes|(?:do not|don't|don’t) have subtypes)\b"
    r"|^there are no subtypes for\b|\bneither\b.*\bhave subtypes\b",
    re.IGNORECASE,
)
_SENTENCE = re.compile(r"(?<=[.!?])\s+")


def said_to_have_none(rules: Mapping[str, str], card_types: Iterable[str]) -> frozenset[str]:
    """The card types the release's rules say have no subtypes (instant, sorcery, ...)."""
    names = list(card_types)
    found: set[str] = set()
    for text in rules.values():
        for sentence in _SENTENCE.split(text):
            if _NONE_SAID.search(sentence.strip()):
                found.update(name for name in names if _plural_of(name).search(sentence))
    return frozenset(found)


def not_enumerated(
    card_types: Iterable[str],
    categories: Mapping[str, Iterable[str]],
    known: Mapping[str, Iterable[str]],
    rules: Mapping[str, str],
) -> dict[str, frozenset[str]]:
    """Category → the release's card types it would belong to, for each category ``known``
    (category → card types, over every release) that the release does not list.

    ``categories`` are the release's own (category → card types). A card type one of them
    covers is not left unlisted by a category under another name: instants and sorceries
    share the spell types from 2007-05-01 on.
    """
    have = {name.casefold() for name in card_types}
    covered = {t.casefold() for types in categories.values() for t in types}
    listed = {category.casefold() for category in categories}
    none = said_to_have_none(rules, have)
    silent: dict[str, frozenset[str]] = {}
    for category, types in known.items():
        if category in listed:
            continue
        fits = frozenset(t for t in (t.casefold() for t in types) if t in have) - none - covered
        if fits:
            silent[category] = fits
    return silent


def _plural_of(card_type: str) -> re.Pattern[str]:
    stem = (
        re.escape(card_type[:-1]) + "(?:y|ies)"
        if card_type.endswith("y")
        else re.escape(card_type) + "s?"
    )
    return re.compile(rf"\b{stem}\b", re.IGNORECASE)
