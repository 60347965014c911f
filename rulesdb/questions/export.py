"""One release's vocabulary in the files other Magic tools read, shaped as those services
publish them.

- ``mtgjson``: MTGJSON's ``CardTypes.json``: ``{"meta": {"date", "version"}, "data": {card
  type: {"subTypes": [...], "superTypes": [...]}}}``. As MTGJSON does: every card type gets
  all supertypes, capitalised ("Basic", "Legendary"); a category's subtypes are listed under
  the card types it belongs to (instant and sorcery both list the spell types, plane the
  planar types) but not under a card type that only borrows them from the card type of the
  category's own name: creature types are under ``creature``, ``tribal``/``kindred`` has none
  (the CR, 205.3m, shares them with kindred). MTGJSON has no ``dungeon`` entry, so neither
  does this. Names keep the CR's apostrophes (``Urza’s``), as MTGJSON writes them.
- ``scryfall``: the type catalogs Scryfall publishes (``card-types``, ``supertypes``,
  ``artifact-types``, ``battle-types``, ``creature-types``, ``enchantment-types``,
  ``land-types``, ``planeswalker-types``, ``spell-types``) that the release has, each
  ``{"object": "catalog", "uri", "total_values", "data"}``, with ASCII apostrophes
  (``Urza's``) as Scryfall writes them. Scryfall has no planar or dungeon catalog: with
  ``all_categories`` those are added in the same shape, ``uri`` null.

  Since the rulebook is data, also ``keyword-abilities``, ``keyword-actions`` and
  ``ability-words`` (for a release whose rulebook is loaded).
- ``mtgjson-keywords``: MTGJSON's ``Keywords.json``: ``{"data": {"abilityWords",
  "keywordAbilities", "keywordActions"}, "meta": {"date", "version"}}`` — data first, as the
  published files have it.

Keyword spelling. Both services write the same words (MTGJSON 5 copies Scryfall's keyword
catalogs): first letter capital, the rest as the keyword is written in running text
("Double strike", "Council's dilemma", "For Mirrodin!", "Venture into the dungeon"),
straight apostrophes, sorted by code point ("Will of the Planeswalkers" before "Will of the
council"), "Tap" and "Untap" as two actions. The CR's titles capitalise every word ("Double
Strike"), so each keyword is spelled as the CR writes it in its own rule's running text: its
quoted form first (“Jump-start” means ...), else a use mid-sentence ("venture into the
dungeon", "open an Attraction"), else the title with only its first letter capital. Where
Scryfall capitalises otherwise (Aura Swap, Battle Cry, Level Up) this follows the CR.

Names are sorted the way Python does, so the output is byte-identical on SQLite and PostgreSQL.
"""

from __future__ import annotations

import re
from datetime import date
from typing import Any

from sqlalchemy import Connection

from rulesdb import __version__
from rulesdb.errors import RulesdbError
from rulesdb.questions.answers import JSON
from rulesdb.questions.listings import (
    has_keywords,
    keyword_days,
    release_card_types,
    release_categories,
    release_category_card_types,
    release_keywords,
    release_subtypes,
    release_supertypes,
)
from rulesdb.questions.reading import Bind, as_date, connected, fetch
from rulesdb.store.releases import printed_in, release_in_force
from rulesdb.util.rule_numbers import parent_number

STYLES = ("mtgjson", "mtgjson-keywords", "scryfall")
KEYWORDS_STYLE = "mtgjson-keywords"
# (keyword kind, Keywords.json key, Scryfall catalog), in the order both publish them.
KEYWORD_LISTS = (
    ("ability_word", "abilityWords", "ability-words"),
    ("keyword_ability", "keywordAbilities", "keyword-abilities"),
    ("keyword_action", "keywordActions", "keyword-actions"),
)
SCRYFALL_KEYWORD_CATALOGS = ("keyword-abilities", "keyword-actions", "ability-words")
SCRYFALL_API = "https://api.scryfall.com/catalog/"
# The subtype catalogs Scryfall serves (https://scryfall.com/docs/api/catalogs).
SCRYFALL_CATEGORIES = (
    "artifact",
    "battle",
    "creature",
    "enchantment",
    "land",
    "planeswalker",
    "spell",
)
MTGJSON_ABSENT_CARD_TYPES = frozenset({"dungeon"})  # CardTypes.json has no such entry


def export(
    bind: Bind, as_of: date | None, style: str, *, all_categories: bool = False
) -> dict[str, JSON]:
    """The release in force on ``as_of`` (default: the latest) as ``style`` JSON."""
    _check_style(style)
    with connected(bind) as connection:
        day = release_in_force(connection, as_of)
        if style == KEYWORDS_STYLE and not has_keywords(connection):
            raise RulesdbError(
                "this database has no keyword vocabularies yet (revision "
                "keywords); run: rulesdb upgrade"
            )
        with_rulebook = set(keyword_days(connection))
        if style == KEYWORDS_STYLE and day not in with_rulebook:
            raise RulesdbError(
                f"the release of {day.isoformat()} has no rulebook in this "
                "database, so no keyword vocabularies to export"
            )
        return _export(connection, day, style, all_categories, with_rulebook)


def export_all_releases(bind: Bind, style: str, *, all_categories: bool = False) -> dict[str, Any]:
    """Every release, oldest first: ``{"releases": {effective date: export}}``."""
    _check_style(style)
    with connected(bind) as connection:
        days = sorted(
            as_date(row["d"])
            for row in fetch(connection, "SELECT effective_date AS d FROM release")
        )
        with_rulebook = keyword_days(connection)
        if style == KEYWORDS_STYLE:  # only the releases whose rulebook is loaded have them
            days = with_rulebook
        return {
            "releases": {
                day.isoformat(): _export(connection, day, style, all_categories, set(with_rulebook))
                for day in days
            }
        }


def _check_style(style: str) -> None:
    if style not in STYLES:
        raise RulesdbError(f"unknown export style {style!r}; expected one of: {', '.join(STYLES)}")


def _export(
    connection: Connection, day: date, style: str, all_categories: bool, with_rulebook: set[date]
) -> dict[str, Any]:
    """One release's export; ``with_rulebook``: the releases whose keywords are known."""
    if style == KEYWORDS_STYLE:
        return _mtgjson_keywords(day, _keywords(connection, day))
    card_types = [row["name"] for row in release_card_types(connection, day)]
    supertypes = [row["name"] for row in release_supertypes(connection, day)]
    categories = {row["category"]: row["rule"] for row in release_categories(connection, day)}
    belongs = release_category_card_types(connection, day)
    subtypes: dict[str, list[str]] = {category: [] for category in categories}
    for row in release_subtypes(connection, day):
        subtypes[row["category"]].append(row["name"])
    if style == "mtgjson":
        return _mtgjson(day, card_types, supertypes, subtypes, belongs)
    ordered = sorted(categories, key=lambda category: (categories[category], category))
    catalogs = _scryfall(
        card_types,
        supertypes,
        {category: subtypes[category] for category in ordered},
        all_categories,
    )
    if day in with_rulebook:
        keywords = _keywords(connection, day)
        by_catalog = {catalog: keywords[kind] for kind, _, catalog in KEYWORD_LISTS}
        catalogs |= {
            catalog: _catalog(catalog, by_catalog[catalog], True)
            for catalog in SCRYFALL_KEYWORD_CATALOGS
        }
    return catalogs


def _mtgjson(
    day: date,
    card_types: list[str],
    supertypes: list[str],
    subtypes: dict[str, list[str]],
    belongs: list[dict[str, Any]],
) -> dict[str, Any]:
    per_type: dict[str, set[str]] = {card_type: set() for card_type in card_types}
    for row in belongs:
        category, card_type = row["category"], row["card_type"]
        if category in per_type and card_type != category:
            continue  # kindred borrows the creature types; MTGJSON lists them once
        per_type[card_type].update(subtypes[category])
    capitalised = sorted(_capital(name) for name in supertypes)
    return {
        "meta": {"date": day.isoformat(), "version": f"{__version__}+{day:%Y%m%d}"},
        "data": {
            card_type: {"subTypes": sorted(per_type[card_type]), "superTypes": list(capitalised)}
            for card_type in sorted(card_types)
            if card_type not in MTGJSON_ABSENT_CARD_TYPES
        },
    }


def _scryfall(
    card_types: list[str],
    supertypes: list[str],
    subtypes: dict[str, list[str]],
    all_categories: bool,
) -> dict[str, Any]:
    catalogs: dict[str, tuple[list[str], bool]] = {
        "card-types": ([_capital(name) for name in card_types], True),
        "supertypes": ([_capital(name) for name in supertypes], True),
    }
    for category, names in subtypes.items():
        published = category in SCRYFALL_CATEGORIES
        if published or all_categories:
            catalogs[f"{category}-types"] = ([_ascii(name) for name in names], published)
    return {
        name: _catalog(name, values, published) for name, (values, published) in catalogs.items()
    }


def _catalog(name: str, values: list[str], published: bool) -> dict[str, Any]:
    data = sorted(values)
    return {
        "object": "catalog",
        "uri": SCRYFALL_API + name if published else None,
        "total_values": len(data),
        "data": data,
    }


def _capital(name: str) -> str:
    return name[:1].upper() + name[1:]


def _ascii(name: str) -> str:
    return name.replace("\u2019", "'")


def _mtgjson_keywords(day: date, keywords: dict[str, list[str]]) -> dict[str, Any]:
    return {
        "data": {key: sorted(keywords[kind]) for kind, key, _ in KEYWORD_LISTS},
        "meta": {"date": day.isoformat(), "version": f"{__version__}+{day:%Y%m%d}"},
    }


def _keywords(connection: Connection, day: date) -> dict[str, list[str]]:
    """Each kind's keywords in the services' spelling (see the module's docstring)."""
    own: dict[str, list[str]] = {}  # a rule's number -> its text (twice for a number repeated)
    subrules: dict[str, list[str]] = {}  # 702.19 -> the texts of 702.19a, 702.19b, ...
    for row in fetch(
        connection,
        "SELECT r.number, t.text FROM rule_span r "
        "JOIN rulebook_text t ON t.id = r.text_id "
        f"WHERE {printed_in('r')}",
        day=day,
    ):
        number = row["number"]
        own.setdefault(number, []).append(row["text"])
        if number[-1].isalpha():  # a lettered subrule: 702.19a of 702.19
            subrules.setdefault(str(parent_number(number)), []).append(row["text"])
    found: dict[str, set[str]] = {kind: set() for kind, _, _ in KEYWORD_LISTS}
    for row in release_keywords(connection, day):
        # A keyword's running text is its rule's subrules; an ability word's, the list itself.
        texts = (own if row["kind"] == "ability_word" else subrules).get(row["rule"], [])
        found[row["kind"]].add(service_spelling(row["name"], texts))
    return {kind: sorted(names) for kind, names in found.items()}


def service_spelling(name: str, running: list[str]) -> str:
    """``name`` as MTGJSON and Scryfall write it: the CR's spelling of it in ``running`` (its
    rule's text), quoted form first, else mid-sentence; first letter capital; ASCII
    apostrophe."""
    pattern = re.compile(rf"(?<!\w){re.escape(name)}(?!\w)", re.IGNORECASE)
    quoted = middle = None
    for text in running:
        for match in pattern.finditer(text):
            before = text[: match.start()]
            if before.endswith(("“", '"')):
                quoted = quoted or match[0]
            elif before.rstrip() and before.rstrip()[-1] not in ".!?:—":
                middle = middle or match[0]
    spelled = quoted or middle or name.lower()
    return _ascii(spelled[:1].upper() + spelled[1:])
