"""The releases, and what one release lists: each per-release list query written once.

Every function takes an Engine or Connection; the release in force on a date is the one with
the latest effective date on or before it (:mod:`rulesdb.store.releases`). The ``release_*``
functions read one release's rows as the database holds them; the others answer the CLI's
listings, sorted in Python so both backends agree.
"""

from __future__ import annotations

import difflib
from datetime import date
from typing import TYPE_CHECKING, Any, TypedDict

from sqlalchemy import inspect

from rulesdb.errors import RulesdbError
from rulesdb.questions.reading import Bind, as_date, connected, fetch
from rulesdb.store.releases import release_in_force
from rulesdb.util.dates import DATE_LIKE, ISO_DAY
from rulesdb.util.names import lookup_key

if TYPE_CHECKING:  # a type only: listing subtypes loads no vocabulary
    from rulesdb.vocabulary.release import Keyword

Rows = list[dict[str, Any]]


class ReleaseRow(TypedDict):
    """A release: its effective date, file, Alembic revision and the set it came with."""

    effective_date: str  # YYYY-MM-DD
    source_file: str
    revision: str
    set_code: str | None  # None: an update between sets, or a set unknown
    set_name: str | None
    set: str  # "MH3 (Modern Horizons 3)", "update between sets", or "set unknown"
    set_status: str  # set | between sets | set unknown


class CardTypeRow(TypedDict):
    release: str  # the release that lists it (YYYY-MM-DD): the one in force on the date asked
    name: str
    rule: str  # the rule listing the card types (205.2a)
    section: str | None  # the card type's own section (301), where the rulebook has one


class SupertypeRow(TypedDict):
    release: str
    name: str
    rule: str  # the rule listing the supertypes (205.4a)


class SubtypeRow(TypedDict):
    release: str
    name: str
    category: str  # land, creature, ...
    rule: str  # the rule listing its category's types (205.3i)


BETWEEN_SETS = "update between sets"
# A release printing a new set's rules whose product no source names: not between sets.
SET_UNKNOWN = "set unknown"


def releases(bind: Bind) -> list[ReleaseRow]:
    """effective_date, source_file, revision, set_code, set_name (null for an update between
    sets or a set unknown), set (its code and name, "update between sets" or "set unknown")
    and set_status (set, between sets, set unknown) of each release."""
    with connected(bind) as connection:
        rows = fetch(
            connection,
            "SELECT effective_date, source_file, revision FROM release ORDER BY effective_date",
        )
        sets = release_sets(connection)
        unknown = unknown_sets(connection)
    found: list[ReleaseRow] = []
    for row in rows:
        day = as_date(row["effective_date"]).isoformat()
        code, name = sets.get(day, (None, None))
        found.append(
            ReleaseRow(
                effective_date=day,
                source_file=row["source_file"],
                revision=row["revision"],
                set_code=code,
                set_name=name,
                set=f"{code} ({name})" if code else SET_UNKNOWN if day in unknown else BETWEEN_SETS,
                set_status="set" if code else "set unknown" if day in unknown else "between sets",
            )
        )
    return found


def release_sets(bind: Bind) -> dict[str, tuple[str, str]]:
    """Release (ISO date) -> (set code, set name), for the releases that came with a set;
    empty on a database with no schema yet."""
    with connected(bind) as connection:
        if not inspect(connection).has_table("release_set"):
            return {}
        rows = fetch(connection, "SELECT release_date, code, name FROM release_set")
    return {as_date(row["release_date"]).isoformat(): (row["code"], row["name"]) for row in rows}


def unknown_sets(bind: Bind) -> set[str]:
    """The releases (ISO dates) that printed a new set's rules but whose product no source
    names: set unknown."""
    with connected(bind) as connection:
        if not inspect(connection).has_table("release_set_unknown"):
            return set()
        rows = fetch(connection, "SELECT release_date FROM release_set_unknown")
    return {as_date(row["release_date"]).isoformat() for row in rows}


def release_named(bind: Bind, value: date | str | None, option: str = "--as-of") -> date | None:
    """A release as people name it: a date, YYYY-MM-DD, or the code or name of the set it came
    with (MH3, "Modern Horizons 3"); None stays None (the latest). Only a set becomes its
    release's date; a date is any day, answered by the release in force on it."""
    if value is None or isinstance(value, date):
        return value
    written = written_date(value, option)
    return written if written is not None else release_of_set(bind, value, option)


def written_date(value: str, option: str = "--as-of") -> date | None:
    """``value`` as a date if it is written as one (YYYY-MM-DD), None if it could be a set's
    code or name; a value meant as a date but not a valid one is refused in one line."""
    if ISO_DAY.fullmatch(value):
        try:
            return date.fromisoformat(value)
        except ValueError:
            pass
    elif not DATE_LIKE.search(value):
        return None
    raise RulesdbError(f"{option}: {value!r} is not a date; expected YYYY-MM-DD")


def release_of_set(bind: Bind, wanted: str, option: str = "--as-of") -> date:
    """The release a set came with, by its code (any case) or name (any case, either
    apostrophe); one line naming the nearest for an unknown one."""
    sets = release_sets(bind)
    key = lookup_key(wanted)
    for day, (code, name) in sorted(sets.items()):
        if key in (lookup_key(code), lookup_key(name)):
            return date.fromisoformat(day)
    names = {lookup_key(n): n for _, (code, name) in sets.items() for n in (code, name)}
    nearest = [names[k] for k in difflib.get_close_matches(key, list(names), n=4, cutoff=0.5)]
    shown = wanted if len(wanted) <= 40 else f"{wanted[:32]}…"
    raise RulesdbError(
        f"{option}: {shown!r} is neither a date (YYYY-MM-DD) nor the code or "
        "name of a set a release came with"
        + (f"; nearest: {', '.join(nearest)}" if nearest else "")
    )


def release_card_types(bind: Bind, day: date) -> Rows:
    """name, rule (205.2a), section (its own section, e.g. 301) of each card type."""
    return _of_release(bind, day, "SELECT card_type AS name, rule, section FROM release_card_type")


def release_supertypes(bind: Bind, day: date) -> Rows:
    """name, rule (205.4a) of each supertype."""
    return _of_release(bind, day, "SELECT supertype AS name, rule FROM release_supertype")


def release_categories(bind: Bind, day: date) -> Rows:
    """category, rule (the rule listing its subtypes, e.g. 205.3m) of each subtype category."""
    return _of_release(bind, day, "SELECT category, rule FROM release_category")


def release_category_card_types(bind: Bind, day: date) -> Rows:
    """category, card_type: which card types each category's subtypes belong to."""
    return _of_release(bind, day, "SELECT category, card_type FROM release_category_card_type")


def release_subtypes(bind: Bind, day: date) -> Rows:
    """name, category, rule (its category's rule) of each subtype."""
    return _of_release(
        bind,
        day,
        "SELECT s.name, s.category, c.rule FROM release_subtype s "
        "JOIN release_category c ON c.release_date = s.release_date "
        "AND c.category = s.category",
        alias="s",
    )


def _of_release(bind: Bind, day: date, select: str, alias: str | None = None) -> Rows:
    """``select``'s rows of the release effective on ``day`` (of table ``alias`` in a join)."""
    column = f"{alias}.release_date" if alias else "release_date"
    with connected(bind) as connection:
        return fetch(connection, f"{select} WHERE {column} = :day", day=day)


def card_types(bind: Bind, as_of: date | None = None) -> list[CardTypeRow]:
    """The card types of the release in force on ``as_of``, by name."""
    with connected(bind) as connection:
        day = release_in_force(connection, as_of)
        rows = release_card_types(connection, day)
    return [
        CardTypeRow(release=day.isoformat(), name=r["name"], rule=r["rule"], section=r["section"])
        for r in sorted(rows, key=lambda row: row["name"])
    ]


def supertypes(bind: Bind, as_of: date | None = None) -> list[SupertypeRow]:
    """The supertypes of the release in force on ``as_of``, by name."""
    with connected(bind) as connection:
        day = release_in_force(connection, as_of)
        rows = release_supertypes(connection, day)
    return [
        SupertypeRow(release=day.isoformat(), name=r["name"], rule=r["rule"])
        for r in sorted(rows, key=lambda row: row["name"])
    ]


def category_names(bind: Bind) -> list[str]:
    """Every subtype category any loaded release has, in the CR's order of lists."""
    with connected(bind) as connection:
        rows = fetch(
            connection, "SELECT category, min(rule) AS rule FROM release_category GROUP BY category"
        )
    return [row["category"] for row in sorted(rows, key=lambda r: (r["rule"], r["category"]))]


def check_category(bind: Bind, category: str) -> str:
    """The category as the releases spell it, whatever case it was given in (as ``check``)."""
    names = category_names(bind)
    found = {name.casefold(): name for name in names}.get(category.strip().casefold())
    if found is None:
        raise RulesdbError(f"unknown category {category!r}; expected one of: {', '.join(names)}")
    return found


def subtypes(
    bind: Bind, category: str | None = None, as_of: date | None = None
) -> list[SubtypeRow]:
    """The subtypes of one category (any case), or of all, of the release in force on
    ``as_of``: by their category's rule, then by name."""
    with connected(bind) as connection:
        day = release_in_force(connection, as_of)
        if category is not None:
            category = check_category(connection, category)  # its canonical name
        rows = release_subtypes(connection, day)
    # Sorted here, not in SQL: PostgreSQL's locale collation would order names differently.
    return [
        SubtypeRow(release=day.isoformat(), name=r["name"], category=r["category"], rule=r["rule"])
        for r in sorted(
            (row for row in rows if category is None or row["category"] == category),
            key=lambda row: (row["rule"], row["name"]),
        )
    ]


# Keyword vocabularies (revision ``keywords``): read from each release's rulebook.
KEYWORD_TABLE = "release_keyword"


def has_keywords(bind: Bind) -> bool:
    """Whether the database has the keyword tables (it is at or past revision ``keywords``)."""
    from sqlalchemy import inspect

    with connected(bind) as connection:
        return inspect(connection).has_table(KEYWORD_TABLE)


def keyword_days(bind: Bind) -> list[date]:
    """The releases whose keywords are known: those whose rulebook is loaded, oldest first
    (none before revision ``keywords``)."""
    with connected(bind) as connection:
        if not has_keywords(connection):
            return []
        rows = fetch(connection, "SELECT release_date AS d FROM release_rulebook")
    return sorted(as_date(row["d"]) for row in rows)


def release_keywords(bind: Bind, day: date) -> Rows:
    """kind, name, rule of each keyword the release lists ([] without the keyword tables)."""
    with connected(bind) as connection:
        if not has_keywords(connection):
            return []
        return _of_release(connection, day, "SELECT kind, name, rule FROM release_keyword")


def keyword_of(bind: Bind, word: str, day: date) -> Keyword | None:
    """The keyword (kind, name, rule) of release ``day`` spelled like ``word``, or None."""
    key = lookup_key(word)
    for row in release_keywords(bind, day):
        if lookup_key(row["name"]) == key:
            found: Keyword = {"kind": row["kind"], "name": row["name"], "rule": row["rule"]}
            return found
    return None
