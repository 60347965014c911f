"""What a word that a release no longer lists became: a curated rename (tribal -> kindred) or
merge (Naga -> Snake), from the tables ``card_type_rename``, ``subtype_rename``,
``subtype_merge`` and ``keyword_rename`` (Totem Armor -> Umbra Armor). A database downgraded
past ``subtype_merge`` or ``keywords`` has no merges or keyword renames."""

from __future__ import annotations

from datetime import date
from typing import Any

from sqlalchemy import Connection, inspect

from rulesdb.questions.listings import has_keywords
from rulesdb.questions.reading import Bind, as_date, connected, fetch
from rulesdb.util.names import lookup_key
from rulesdb.vocabulary.release import Later, Successor

MERGE_TABLE = "subtype_merge"
LATER_TABLE = "subtype_merge_later"


def has_merges(connection: Connection) -> bool:
    return inspect(connection).has_table(MERGE_TABLE)


def merges_between(connection: Connection, low: date, high: date) -> list[dict[str, Any]]:
    """Merges made by a release after ``low`` and up to ``high``: release_date (ISO),
    category, old_name, new_name, rule."""
    if not has_merges(connection):
        return []
    rows = fetch(
        connection,
        "SELECT release_date, category, old_name, new_name, rule FROM "
        "subtype_merge WHERE release_date > :low AND release_date <= :high",
        low=low,
        high=high,
    )
    return [{**row, "release_date": as_date(row["release_date"]).isoformat()} for row in rows]


def later_of(connection: Connection, day: str, category: str, name: str) -> list[Later]:
    """What later Oracles made of the cards of the subtype (category, name) the release
    ``day`` (ISO) merged: one fact per Oracle date, oldest first."""
    if not inspect(connection).has_table(LATER_TABLE):
        return []
    rows = fetch(
        connection,
        "SELECT new_name, as_of, source FROM subtype_merge_later WHERE release_date = :day "
        "AND category = :category AND old_name = :name",
        day=date.fromisoformat(day),
        category=category,
        name=name,
    )
    grouped: dict[tuple[str, str], list[str]] = {}
    for row in rows:
        key = (as_date(row["as_of"]).isoformat(), row["source"])
        grouped.setdefault(key, []).append(row["new_name"])
    return [
        Later(to=" and ".join(sorted(names)), to_all=sorted(names), as_of=as_of, source=source)
        for (as_of, source), names in sorted(grouped.items())
    ]


def later_words(fact: Later) -> str:
    """A later fact as a clause to follow the dated merge: "; later, its cards are Illusion in
    the Oracle of 2022-04-25"."""
    return f"; later, its cards are {fact['to']} in the Oracle of {fact['as_of']}"


def merges_of(connection: Connection, category: str | None, name: str) -> list[dict[str, Any]]:
    """Every merge into or out of the subtype (category, name)."""
    if category is None or not has_merges(connection):
        return []
    rows = fetch(
        connection,
        "SELECT release_date, old_name, new_name FROM subtype_merge "
        "WHERE category = :category AND (old_name = :name OR "
        "new_name = :name)",
        category=category,
        name=name,
    )
    return [
        {
            "release_date": as_date(r["release_date"]).isoformat(),
            "from": r["old_name"],
            "to": r["new_name"],
        }
        for r in rows
    ]


def successor(bind: Bind, word: str, day: date) -> Successor | None:
    """The curated rename or merge, made by the release ``day`` or an earlier one, whose old
    name is spelled like ``word``: {change (renamed|merged), kind, category, from, to,
    to_all, release_date, rule}; the latest if several. ``to_all`` lists every name it became
    (a merged type's cards may have taken two: Mage → Human and Wizard), ``to`` says them in
    words. None if there is none."""
    key = lookup_key(word)
    sql = (
        "SELECT 'renamed' AS change, 'card_type' AS kind, NULL AS category, old_name, "
        "new_name, release_date, rule FROM card_type_rename WHERE release_date <= :day "
        "UNION ALL SELECT 'renamed', 'subtype', category, old_name, new_name, release_date, "
        "rule FROM subtype_rename WHERE release_date <= :day"
    )
    with connected(bind) as connection:
        merged = has_merges(connection)
        if merged:
            sql += (
                " UNION ALL SELECT 'merged', 'subtype', category, old_name, new_name, "
                "release_date, rule FROM subtype_merge WHERE release_date <= :day"
            )
        if has_keywords(connection):  # keyword_rename comes with the keyword tables
            sql += (
                " UNION ALL SELECT 'renamed', kind, NULL, old_name, new_name, "
                "release_date, rule FROM keyword_rename WHERE release_date <= :day"
            )
        rows = [
            row for row in fetch(connection, sql, day=day) if lookup_key(row["old_name"]) == key
        ]
        if not rows:
            return None
        row = max(rows, key=lambda r: (as_date(r["release_date"]), r["change"], r["new_name"]))
        later = (
            later_of(
                connection,
                as_date(row["release_date"]).isoformat(),
                row["category"],
                row["old_name"],
            )
            if merged and row["change"] == "merged"
            else []
        )
    names = sorted(
        r["new_name"]
        for r in rows
        if (r["release_date"], r["change"], r["kind"], r["old_name"])
        == (row["release_date"], row["change"], row["kind"], row["old_name"])
    )
    return Successor(
        {
            "change": row["change"],
            "kind": row["kind"],
            "category": row["category"],
            "from": row["old_name"],
            "to": " and ".join(names),
            "to_all": names,
            "release_date": as_date(row["release_date"]).isoformat(),
            "rule": row["rule"],
            "later": later,
        }
    )
