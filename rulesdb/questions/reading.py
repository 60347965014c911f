"""How the questions read: one connection a question, rows as dicts, dates bound as dates.

Plain SQL through SQLAlchemy Core (no ORM import); callers sort in Python, so both backends
answer alike.
"""

from __future__ import annotations

from collections.abc import Iterator
from contextlib import contextmanager
from datetime import date
from typing import Any

from sqlalchemy import Connection, Date, Engine, bindparam, text

Bind = Engine | Connection


@contextmanager
def connected(bind: Bind) -> Iterator[Connection]:
    """One connection for a whole question, so it reads one consistent state."""
    if isinstance(bind, Engine):
        with bind.connect() as connection:
            yield connection
    else:
        yield bind


def fetch(connection: Connection, sql: str, **params: Any) -> list[dict[str, Any]]:
    """Rows as dicts; dates are bound as SQL dates (ISO text on SQLite, DATE on PostgreSQL)."""
    statement = text(sql)
    day_params = [name for name, value in params.items() if isinstance(value, date)]
    if day_params:
        statement = statement.bindparams(*(bindparam(name, type_=Date()) for name in day_params))
    result = connection.execute(statement, params)
    keys = list(result.keys())  # once: a row's _mapping builds its keys again per row
    return [dict(zip(keys, row, strict=True)) for row in result]


def as_date(value: Any) -> date:
    return value if isinstance(value, date) else date.fromisoformat(str(value))
