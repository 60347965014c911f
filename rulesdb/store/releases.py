"""The release in force on a date, written once: a criterion any query over ``release`` adds.

The release in force on a day is the one with the latest effective date on or before it
(SQLAlchemy's ``examples/extending_query/temporal_range.py`` shows the idea for the ORM; here
it is plain Core, so read commands never load the ORM).
"""

from __future__ import annotations

from datetime import date

from sqlalchemy import (
    ColumnElement,
    Connection,
    Date,
    Engine,
    Select,
    column,
    func,
    select,
    table,
    true,
)

from rulesdb.errors import RulesdbError

release = table("release", column("effective_date", Date()))


def in_effect_on(as_of: date | None) -> ColumnElement[bool]:
    """The releases already in effect on ``as_of`` (all of them for None)."""
    return true() if as_of is None else release.c.effective_date <= as_of


def in_force_on(as_of: date | None) -> Select[tuple[date]]:
    """The effective date of the release in force on ``as_of``: the latest in effect."""
    return select(func.max(release.c.effective_date)).where(in_effect_on(as_of))


def first_release() -> Select[tuple[date]]:
    return select(func.min(release.c.effective_date))


def release_in_force(bind: Engine | Connection, as_of: date | None = None) -> date:
    """The effective date of the release in force on ``as_of`` (default: the latest)."""
    if isinstance(bind, Engine):
        with bind.connect() as connection:
            return release_in_force(connection, as_of)
    found = bind.execute(in_force_on(as_of)).scalar()
    if found is None:
        if as_of is None:
            raise RulesdbError("the database holds no release yet; run: rulesdb upgrade")
        first = bind.execute(first_release()).scalar()
        loaded = _as_date(first).isoformat() if first else "none"
        raise RulesdbError(
            f"no release was in force on {as_of.isoformat()}: the first release loaded is {loaded}"
        )
    return _as_date(found)


def previous_release(bind: Engine | Connection, as_of: date | None = None) -> date:
    """The effective date of the release before the one in force on ``as_of``."""
    if isinstance(bind, Engine):
        with bind.connect() as connection:
            return previous_release(connection, as_of)
    current = release_in_force(bind, as_of)
    found = bind.execute(
        select(func.max(release.c.effective_date)).where(release.c.effective_date < current)
    ).scalar()
    if found is None:
        raise RulesdbError(
            f"release {current.isoformat()} is the first loaded: "
            "there is no release before it to compare with"
        )
    return _as_date(found)


def _as_date(value: object) -> date:
    return value if isinstance(value, date) else date.fromisoformat(str(value))


def printed_in(span: str, day: str = "day") -> str:
    """SQL: the rows of span table ``span`` (rule_span, glossary_span) that the release bound
    to ``:day`` prints. A release lies in a span when its date is between the span's ends;
    written once, like the release in force."""
    return f"{span}.first_release <= :{day} AND :{day} <= {span}.last_release"
