"""Read the vocabulary of a release: plain SQL through SQLAlchemy Core, no ORM import.

Every function takes an Engine or Connection and a date; the release in force on a date is
the one with the latest effective date on or before it.
"""

from __future__ import annotations

from datetime import date
from typing import Any

from sqlalchemy import Connection, Engine, text

from rulesdb.errors import RulesdbError

Bind = Engine | Connection


def _rows(bind: Bind, sql: str, **params: Any) -> list[dict[str, Any]]:
    if isinstance(bind, Engine):
        with bind.connect() as connection:
            return _rows(connection, sql, **params)
    return [dict(row._mapping) for row in bind.execute(text(sql), params)]


def _as_date(value: Any) -> date:
    return value if isinstance(value, date) else date.fromisoformat(str(value))


def releases(bind: Bind) -> list[dict[str, Any]]:
    rows = _rows(bind, "SELECT effective_date, source_file, revision FROM release "
                       "ORDER BY effective_date")
    for row in rows:
        row["effective_date"] = _as_date(row["effective_date"]).isoformat()
    return rows


def release_in_force(bind: Bind, as_of: date | None = None) -> date:
    """The effective date of the release in force on ``as_of`` (default: the latest)."""
    if as_of is None:
        rows = _rows(bind, "SELECT max(effective_date) AS d FROM release")
    else:
        rows = _rows(bind, "SELECT max(effective_date) AS d FROM release "
                           "WHERE effective_date <= :as_of", as_of=as_of)
    found = rows[0]["d"] if rows else None
    if found is None:
        if as_of is None:
            raise RulesdbError("the database holds no release yet; run: rulesdb upgrade")
        first = _rows(bind, "SELECT min(effective_date) AS d FROM release")[0]["d"]
        raise RulesdbError(f"no release was in force on {as_of.isoformat()}: the first release "
                           f"loaded is {_as_date(first).isoformat() if first else 'none'}")
    return _as_date(found)


def card_types(bind: Bind, as_of: date | None = None) -> list[dict[str, Any]]:
    day = release_in_force(bind, as_of)
    rows = _rows(bind, "SELECT card_type AS name, rule, section FROM release_card_type "
                       "WHERE release_date = :day", day=day)
    return sorted(rows, key=lambda row: row["name"])


def supertypes(bind: Bind, as_of: date | None = None) -> list[dict[str, Any]]:
    day = release_in_force(bind, as_of)
    rows = _rows(bind, "SELECT supertype AS name, rule FROM release_supertype "
                       "WHERE release_date = :day", day=day)
    return sorted(rows, key=lambda row: row["name"])


def category_names(bind: Bind) -> list[str]:
    """Every subtype category any loaded release has, in the CR's order of lists."""
    rows = _rows(bind, "SELECT category, min(rule) AS rule FROM release_category "
                       "GROUP BY category")
    return [row["category"] for row in sorted(rows, key=lambda r: (r["rule"], r["category"]))]


def check_category(bind: Bind, category: str) -> str:
    """The category as the releases spell it, whatever case it was given in (as ``check``)."""
    names = category_names(bind)
    found = {name.casefold(): name for name in names}.get(category.strip().casefold())
    if found is None:
        raise RulesdbError(f"unknown category {category!r}; expected one of: {', '.join(names)}")
    return found


def subtypes(bind: Bind, category: str | None = None,
             as_of: date | None = None) -> list[dict[str, Any]]:
    day = release_in_force(bind, as_of)
    if category is not None:
        category = check_category(bind, category)
    rows = _rows(
        bind,
        "SELECT s.name, s.category, c.rule FROM release_subtype s "
        "JOIN release_category c ON c.release_date = s.release_date AND c.category = s.category "
        "WHERE s.release_date = :day",
        day=day,
    )
    # Sorted here, not in SQL: PostgreSQL's locale collation would order names differently.
    return sorted((row for row in rows if category is None or row["category"] == category),
                  key=lambda row: (row["rule"], row["name"]))
