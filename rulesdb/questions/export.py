"""One release's vocabulary in the shapes other Magic tools read.

- ``mtgjson``: the structure of MTGJSON's ``CardTypes.json``: ``{"meta": {"date", "version"},
  "data": {card type: {"subTypes": [...], "superTypes": [...]}}}``. As MTGJSON does, every card
  type gets all supertypes, capitalised ("Basic", "Legendary"); a card type's subTypes are the
  subtypes of every category that belongs to it (205.3c-d: instant and sorcery share the spell
  types, creature and kindred the creature types), empty for types without subtypes.
- ``scryfall``: the catalogs Scryfall serves, each ``{"object": "catalog", "total_values": N,
  "data": [...]}``: ``card-types``, ``supertypes`` and ``<category>-types`` for every category
  of the release (Scryfall itself serves artifact, battle, creature, enchantment, land,
  planeswalker and spell types; ``planar-types`` and ``dungeon-types`` follow the same shape).
  No ``uri``: these are the CR's lists, not Scryfall's (which include Un-set types).

Both use ASCII apostrophes ("Urza's"), as MTGJSON and Scryfall print them, and sort names the
way Python does, so the output is byte-identical on SQLite and PostgreSQL.
"""

from __future__ import annotations

from datetime import date
from typing import Any

from rulesdb import __version__
from rulesdb.errors import RulesdbError
from rulesdb.questions.listings import (
    release_card_types,
    release_categories,
    release_category_card_types,
    release_in_force,
    release_subtypes,
    release_supertypes,
)
from rulesdb.questions.reading import Bind, connected

STYLES = ("mtgjson", "scryfall")


def export(bind: Bind, as_of: date | None, style: str) -> dict[str, Any]:
    """The release in force on ``as_of`` (default: the latest) as ``style`` JSON."""
    if style not in STYLES:
        raise RulesdbError(f"unknown export style {style!r}; expected one of: "
                           f"{', '.join(STYLES)}")
    with connected(bind) as connection:
        day = release_in_force(connection, as_of)
        card_types = [row["name"] for row in release_card_types(connection, day)]
        supertypes = [row["name"] for row in release_supertypes(connection, day)]
        categories = {row["category"]: row["rule"]
                      for row in release_categories(connection, day)}
        belongs = release_category_card_types(connection, day)
        subtypes: dict[str, list[str]] = {category: [] for category in categories}
        for row in release_subtypes(connection, day):
            subtypes[row["category"]].append(_ascii(row["name"]))
    if style == "mtgjson":
        return _mtgjson(day, card_types, supertypes, subtypes, belongs)
    ordered = sorted(categories, key=lambda category: (categories[category], category))
    return _scryfall(card_types, supertypes, {category: subtypes[category]
                                              for category in ordered})


def _mtgjson(day: date, card_types: list[str], supertypes: list[str],
             subtypes: dict[str, list[str]], belongs: list[dict[str, Any]]) -> dict[str, Any]:
    per_type: dict[str, set[str]] = {card_type: set() for card_type in card_types}
    for row in belongs:
        per_type[row["card_type"]].update(subtypes[row["category"]])
    capitalised = sorted(_capital(name) for name in supertypes)
    return {
        "meta": {"date": day.isoformat(), "version": f"rulesdb-{__version__}+{day:%Y%m%d}"},
        "data": {card_type: {"subTypes": sorted(per_type[card_type]),
                             "superTypes": list(capitalised)}
                 for card_type in sorted(card_types)},
    }


def _scryfall(card_types: list[str], supertypes: list[str],
              subtypes: dict[str, list[str]]) -> dict[str, Any]:
    catalogs = {
        "card-types": [_capital(name) for name in card_types],
        "supertypes": [_capital(name) for name in supertypes],
        **{f"{category}-types": names for category, names in subtypes.items()},
    }
    return {name: _catalog(values) for name, values in catalogs.items()}


def _catalog(values: list[str]) -> dict[str, Any]:
    data = sorted(values)
    return {"object": "catalog", "total_values": len(data), "data": data}


def _capital(name: str) -> str:
    return name[:1].upper() + name[1:]


def _ascii(name: str) -> str:
    return name.replace("\u2019", "'")
