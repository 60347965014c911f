"""The bounds of the web face's own work: each statement behind a page stops at the same time
limit as Datasette's SQL, and no query (Datasette's or a page's) makes a value past the
length limit, by SQLite's own checks."""

from __future__ import annotations

import sqlite3
import threading
import time
from collections.abc import Iterator
from contextlib import contextmanager
from typing import Any

from sqlalchemy import Engine, event

from rulesdb.questions.sql_rows import max_value_bytes
from rulesdb.questions.sql_sqlite import guard_printf


def bound_values(connection: sqlite3.Connection) -> None:
    connection.setlimit(sqlite3.SQLITE_LIMIT_LENGTH, max_value_bytes())
    guard_printf(connection, max_value_bytes(), refuse=False)


_stops = threading.local()


@contextmanager
def stoppable(stop: threading.Event) -> Iterator[None]:
    """The statements this thread runs inside, stopped once ``stop`` is set: a SQLite
    statement interrupted by the progress handler ``limit_pages`` sets (the MCP server's
    caller gone), a statement of any backend refused before it begins (``stop_asked``)."""
    _stops.event = stop
    try:
        yield
    finally:
        _stops.event = None


def current_stop() -> threading.Event | None:
    """The event that stops this thread's statements (``stoppable``), if any."""
    event: threading.Event | None = getattr(_stops, "event", None)
    return event


def stop_asked() -> bool:
    event = current_stop()
    return event is not None and event.is_set()


def limit_pages(engine: Engine, seconds: float) -> None:
    """Every statement on ``engine`` interrupted once it has taken ``seconds`` of its thread's
    CPU time (SQLite's progress handler), fetching included; the values bounded as on
    Datasette's connections. CPU time, not the clock's: under load a page's thread waits for
    the GIL, and a clock deadline stopped pages that had done little of their work."""

    @event.listens_for(engine, "connect")
    def _bounded(dbapi_connection: Any, record: Any) -> None:
        bound_values(dbapi_connection)
        state = {"deadline": float("inf")}
        dbapi_connection.set_progress_handler(
            lambda: int(time.thread_time() > state["deadline"] or stop_asked()), 10_000
        )
        record.info["rulesdb_deadline"] = state  # the pool's record of this connection

    @event.listens_for(engine, "before_cursor_execute")
    def _start(connection: Any, cursor: Any, *_: Any) -> None:
        state = connection.connection.info.get("rulesdb_deadline")
        if state is not None:
            state["deadline"] = time.thread_time() + seconds
