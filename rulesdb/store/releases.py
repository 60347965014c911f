"""The release in force on a date, written once: a criterion any query over ``release`` adds.

The release in force on a day is the one with the latest effective date on or before it
(SQLAlchemy's ``examples/extending_query/temporal_range.py`` shows the idea for the ORM; here
it is plain Core, so read commands never load the ORM).
"""

from __future__ import annotations

from datetime import date

from sqlalchemy import ColumnElement, Date, Select, column, func, select, table, true

release = table("release", column("effective_date", Date()))


def in_effect_on(as_of: date | None) -> ColumnElement[bool]:
    """The releases already in effect on ``as_of`` (all of them for None)."""
    return true() if as_of is None else release.c.effective_date <= as_of


def in_force_on(as_of: date | None) -> Select[tuple[date]]:
    """The effective date of the release in force on ``as_of``: the latest in effect."""
    return select(func.max(release.c.effective_date)).where(in_effect_on(as_of))


def first_release() -> Select[tuple[date]]:
    return select(func.min(release.c.effective_date))
