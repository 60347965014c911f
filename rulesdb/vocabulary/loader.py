"""``load_vocabulary(bind, as_of)`` (also ``vocabulary``): the vocabulary of the release in
force, loaded once and cached.

Each call runs ONE small query (which release is in force on ``as_of``, and the sha256 of the
seed it was loaded from); the release itself is loaded once, with five small Core SQL queries,
and cached per (database URL, effective date, seed sha256). The cache cannot serve a stale
release: the release in force is resolved on every call (so a new or removed release changes
the answer at once), and a release re-loaded with different content has a different seed hash.
The returned :class:`~rulesdb.vocabulary.release.Vocabulary` answers from memory.
"""

from __future__ import annotations

import threading
from collections import OrderedDict
from datetime import date, datetime
from typing import TYPE_CHECKING, Any

from rulesdb.errors import RulesdbError
from rulesdb.vocabulary.enumeration import not_enumerated
from rulesdb.vocabulary.release import (  # re-exported: rulesdb.vocabulary is the way in
    CHOICE_RULE,
    GAIN_RULE,
    Choice,
    Meaning,
    Report,
    UnknownCategory,
    Vocabulary,
)

if TYPE_CHECKING:
    from sqlalchemy import Connection, Engine

__all__ = [
    "CHOICE_RULE",
    "GAIN_RULE",
    "Choice",
    "Meaning",
    "Report",
    "UnknownCategory",
    "Vocabulary",
    "clear_cache",
    "load_vocabulary",
]


# Loading and caching


_RESOLVE = (
    "SELECT effective_date, seed_sha256 FROM release WHERE effective_date = "
    "(SELECT max(effective_date) FROM release{where})"
)
_LOAD = {
    "card_types": "SELECT card_type, rule FROM release_card_type WHERE release_date = :day",
    "supertypes": "SELECT supertype, rule FROM release_supertype WHERE release_date = :day",
    "categories": "SELECT category, rule FROM release_category WHERE release_date = :day",
    "category_card_types": "SELECT category, card_type FROM release_category_card_type "
    "WHERE release_date = :day",
    "subtypes": "SELECT category, name FROM release_subtype WHERE release_date = :day",
    # The release's type-line rules and those it cites: which of its rules a problem cites.
    "rules": "SELECT number, text FROM rule_text WHERE release_date = :day",
}
# Every category some release lists, with its card types: what a release may leave unlisted.
_KNOWN_CATEGORIES = "SELECT DISTINCT category, card_type FROM release_category_card_type"
_CACHE: OrderedDict[tuple[str, date, str], Vocabulary] = OrderedDict()
_CACHE_MAX = 256  # more than the releases (135), so a warm cache holds every one
_CACHE_LOCK = threading.Lock()


def load_vocabulary(bind: Engine | Connection, as_of: date | None = None) -> Vocabulary:
    """The vocabulary of the release in force on ``as_of`` (default: the latest release).

    One call = one tiny query (the release in force and its seed hash); the release is loaded
    only the first time this (database URL, effective date, seed sha256) is seen.
    """
    from sqlalchemy import Connection, Engine

    if not isinstance(bind, Engine | Connection):
        raise RulesdbError(
            f"expected an SQLAlchemy Engine or Connection, got {type(bind).__name__}"
        )
    day = _as_of(as_of)
    if isinstance(bind, Engine):
        with _reading(bind), bind.connect() as connection:
            return _vocabulary(connection, day)
    with _reading(bind):
        return _vocabulary(bind, day)


def clear_cache() -> None:
    """Forget every loaded release (tests; long-running programs that want memory back)."""
    with _CACHE_LOCK:
        _CACHE.clear()


def _vocabulary(connection: Connection, as_of: date | None) -> Vocabulary:
    from sqlalchemy import Date, String, bindparam, text

    sql = _RESOLVE.format(where="" if as_of is None else " WHERE effective_date <= :as_of")
    query = text(sql).columns(effective_date=Date, seed_sha256=String)
    if as_of is not None:
        query = query.bindparams(bindparam("as_of", type_=Date))
    row = connection.execute(query, {} if as_of is None else {"as_of": as_of}).first()
    if row is None:
        from rulesdb.store.releases import release_in_force

        release_in_force(connection, as_of)  # raises the one-line "no release" error
        raise RulesdbError("the release in force changed while it was being read; try again")
    day, seed = row.effective_date, row.seed_sha256 or ""
    url = connection.engine.url.render_as_string(hide_password=False)
    key = (url, day, seed)
    with _CACHE_LOCK:
        found = _CACHE.get(key)
        if found is not None:
            _CACHE.move_to_end(key)
            return found
    loaded = _load(connection, day, seed)
    with _CACHE_LOCK:
        _CACHE[key] = loaded
        while len(_CACHE) > _CACHE_MAX:
            _CACHE.popitem(last=False)
    return loaded


def _load(connection: Connection, day: date, seed: str) -> Vocabulary:
    from sqlalchemy import Date, bindparam, text

    rows = {}
    for name, sql in _LOAD.items():
        query = text(sql).bindparams(bindparam("day", type_=Date))
        rows[name] = [tuple(row) for row in connection.execute(query, {"day": day})]
    grouped: dict[str, dict[str, list[str]]] = {"category_card_types": {}, "subtypes": {}}
    for name, groups in grouped.items():
        for category, value in rows[name]:
            groups.setdefault(category, []).append(value)
    known: dict[str, list[str]] = {}
    for category, card_type in connection.execute(text(_KNOWN_CATEGORIES)):
        known.setdefault(category, []).append(card_type)
    card_types = dict(rows["card_types"])
    rules = dict(rows["rules"])
    return Vocabulary(
        day,
        card_types=card_types,
        supertypes=dict(rows["supertypes"]),
        categories=dict(rows["categories"]),
        category_card_types=grouped["category_card_types"],
        subtypes=grouped["subtypes"],
        seed_sha256=seed,
        rules=rules,
        unlisted=not_enumerated(
            card_types,
            {c: grouped["category_card_types"].get(c, ()) for c, _ in rows["categories"]},
            known,
            rules,
        ),
    )


def _as_of(value: Any) -> date | None:
    if value is None:
        return None
    if isinstance(value, datetime):
        return value.date()
    if isinstance(value, date):
        return value
    if isinstance(value, str):
        try:
            return date.fromisoformat(value)
        except ValueError:
            pass
    raise RulesdbError(f"as_of: expected a date (YYYY-MM-DD), got {value!r}")


class _reading:
    """Turn database errors while reading the vocabulary into one-line RulesdbErrors."""

    def __init__(self, bind: Engine | Connection) -> None:
        self.bind = bind

    def __enter__(self) -> None:
        return None

    def __exit__(self, kind: Any, exc: Any, _tb: Any) -> None:
        from sqlalchemy.exc import DBAPIError

        if exc is not None and isinstance(exc, DBAPIError):
            from rulesdb.store.engine import mask

            detail = str(getattr(exc, "orig", None) or exc).strip().splitlines()
            raise RulesdbError(
                f"cannot read the vocabulary from {mask(self.bind.engine.url)}: "
                f"{detail[0] if detail else type(exc).__name__}"
            ) from None
