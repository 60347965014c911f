"""Which database rulesdb talks to, and how to open it."""

from __future__ import annotations

import os
from pathlib import Path

from sqlalchemy import Engine, create_engine, event
from sqlalchemy.engine import URL, make_url
from sqlalchemy.exc import ArgumentError

from rulesdb.errors import RulesdbError

ENV_VAR = "RULESDB_URL"


def default_path() -> Path:
    """The embedded SQLite default: $XDG_DATA_HOME/rulesdb/rulesdb.sqlite3."""
    base = os.environ.get("XDG_DATA_HOME") or Path.home() / ".local" / "share"
    return Path(base) / "rulesdb" / "rulesdb.sqlite3"


def resolve_url(option: str | None) -> tuple[URL, bool]:
    """``--db`` first, then $RULESDB_URL, then the embedded default; True for the default."""
    text = option or os.environ.get(ENV_VAR)
    if not text:
        path = default_path()
        return URL.create("sqlite", database=str(path)), True
    return parse_url(text), False


def parse_url(text: str) -> URL:
    try:
        url = make_url(text)
    except ArgumentError:
        raise RulesdbError(f"not a database URL: {mask(text)!r} (expected sqlite:///PATH or "
                           "postgresql://USER@HOST/DB)") from None
    backend = url.get_backend_name()
    if backend == "postgresql" and url.drivername != "postgresql+psycopg":
        # psycopg 3 is the driver rulesdb ships; SQLAlchemy 2.0 would default to psycopg2.
        url = url.set(drivername="postgresql+psycopg")
    elif backend not in ("sqlite", "postgresql"):
        raise RulesdbError(f"unsupported database {backend!r} in {mask(url)}: rulesdb works "
                           "with SQLite and PostgreSQL")
    return url


def mask(url: URL | str) -> str:
    """The URL with its password hidden, for every message and log line."""
    if isinstance(url, str):
        try:
            url = make_url(url)
        except ArgumentError:
            return "<unparsable URL>"
    return url.render_as_string(hide_password=True)


def make_engine(url: URL | str) -> Engine:
    if isinstance(url, str):
        url = parse_url(url)
    if url.get_backend_name() == "sqlite":
        return _sqlite_engine(url)
    return create_engine(url, pool_pre_ping=False)


def _sqlite_engine(url: URL) -> Engine:
    database = url.database
    if database and database != ":memory:" and not database.startswith("file:"):
        Path(database).expanduser().parent.mkdir(parents=True, exist_ok=True)
    engine = create_engine(url, connect_args={"timeout": 60})

    # pysqlite starts transactions lazily and never for DDL; take over so that a migration,
    # DDL included, commits or rolls back as one (SQLAlchemy's documented recipe).
    @event.listens_for(engine, "connect")
    def _on_connect(dbapi_connection, _record) -> None:  # type: ignore[no-untyped-def]
        dbapi_connection.isolation_level = None
        dbapi_connection.execute("PRAGMA foreign_keys = ON")

    @event.listens_for(engine, "begin")
    def _on_begin(connection) -> None:  # type: ignore[no-untyped-def]
        connection.exec_driver_sql("BEGIN")

    return engine


def sqlite_file(url: URL) -> Path | None:
    """The file behind a SQLite URL, or None for in-memory databases and other backends."""
    if url.get_backend_name() != "sqlite":
        return None
    database = url.database
    if not database or database == ":memory:" or database.startswith("file:"):
        return None
    return Path(database).expanduser()
