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
from rulesdb.vocabulary.release import Successor

MERGE_TABLE = "subtype_merge"


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
        if has_merges(connection):
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
        }
    )
