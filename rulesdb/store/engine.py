"""Which database rulesdb talks to, and how to open it."""

from __future__ import annotations

import os
import re
from pathlib import Path

from sqlalchemy import Engine, create_engine, event
from sqlalchemy.engine import URL, make_url
from sqlalchemy.exc import ArgumentError

from rulesdb.errors import RulesdbError
from rulesdb.settings import DATA_HOME, DATABASE_URL
from rulesdb.util.files import path_problem, shown_path

CONNECT_TIMEOUT = 10  # seconds to reach a PostgreSQL server before saying it is unreachable

# Query-string keys libpq reads secrets from: masked like the password in user:password@.
SECRET_KEYS = frozenset({"password", "sslpassword"})
_SECRET_IN_TEXT = (
    (re.compile(r"(://[^:/@?#]*:)[^@/?#]*@"), r"\1***@"),
    (re.compile(r"((?:^|[?&;\s])(?:ssl)?password=)(?!\*\*\*)[^&;\s]*", re.IGNORECASE), r"\1***"),
)


def default_path() -> Path:
    """The embedded SQLite default: $XDG_DATA_HOME/rulesdb/rulesdb.sqlite3."""
    base = DATA_HOME.value() or Path.home() / ".local" / "share"
    return Path(base) / "rulesdb" / "rulesdb.sqlite3"


def resolve_url(option: str | None) -> tuple[URL, bool]:
    """``--db`` first, then $RULESDB_URL, then the embedded default; True for the default.

    An empty ``--db ''`` is a mistake (an unset shell variable), not a request for the default.
    """
    if option is not None and not option.strip():
        raise RulesdbError(
            "--db: the URL is empty; leave --db out to use the embedded default "
            "or give sqlite:///PATH or postgresql://USER@HOST/DB"
        )
    text = option or DATABASE_URL.value()
    if not text:
        path = default_path()
        return URL.create("sqlite", database=str(path)), True
    return parse_url(text), False


# SQLite's URI parameters (sqlite.org/uri.html), which pysqlite takes only with uri=true
SQLITE_URI_ARGUMENTS = frozenset({"vfs", "mode", "cache", "psow", "nolock", "immutable", "modeof"})


def parse_url(text: str) -> URL:
    expected = "expected sqlite:///PATH or postgresql://USER@HOST[:PORT]/DB"
    try:
        url = make_url(text)
    except ArgumentError:
        hint = ""
        if "://" not in text:
            hint = f"; for a SQLite file write sqlite:///{mask_text(text)}"
        raise RulesdbError(f"not a database URL: {mask_text(text)!r} ({expected}{hint})") from None
    except ValueError as exc:  # a port that is not a number, an unclosed [IPv6 bracket
        raise RulesdbError(f"not a database URL: {mask_text(text)!r} ({exc}; {expected})") from None
    backend = url.get_backend_name()
    ignored = sorted(set(url.query) & SQLITE_URI_ARGUMENTS)
    if backend == "sqlite" and ignored and "uri" not in url.query:
        # SQLAlchemy would warn in three lines (its path included) and drop them.
        raise RulesdbError(
            f"{mask(url)}: SQLite reads {', '.join(ignored)} only in a URI (with uri=true); "
            f"leave {'it' if len(ignored) == 1 else 'them'} out: rulesdb opens the file "
            "read-only itself wherever it only reads"
        )
    if backend == "postgresql" and url.drivername != "postgresql+psycopg":
        # psycopg 3 is the driver rulesdb ships; SQLAlchemy 2.0 would default to psycopg2.
        url = url.set(drivername="postgresql+psycopg")
    elif backend not in ("sqlite", "postgresql"):
        raise RulesdbError(
            f"unsupported database {backend!r} in {mask(url)}: rulesdb works "
            "with SQLite and PostgreSQL"
        )
    return url


def mask(url: URL | str) -> str:
    """The URL with its passwords hidden (user:***@, ?password=***), for every message."""
    if isinstance(url, str):
        try:
            parsed = make_url(url)
        except (ArgumentError, ValueError):
            return mask_text(url)
    else:
        parsed = url
    rendered = parsed.render_as_string(hide_password=True)
    return mask_text(rendered) if SECRET_KEYS & {k.lower() for k in parsed.query} else rendered


def mask_text(text: str) -> str:
    """Passwords hidden in text that may not even parse as a URL."""
    for pattern, replacement in _SECRET_IN_TEXT:
        text = pattern.sub(replacement, text)
    return text


def make_engine(url: URL | str, *, create_folder: bool = False) -> Engine:
    """An engine for the URL. ``create_folder``: make a SQLite file's missing parent folders
    (the embedded default only; a path someone typed is never created behind their back)."""
    if isinstance(url, str):
        url = parse_url(url)
    if url.get_backend_name() == "sqlite":
        return _sqlite_engine(url, create_folder)
    # A connect_timeout in the URL's query string wins over the default.
    timeout = {} if "connect_timeout" in url.query else {"connect_timeout": CONNECT_TIMEOUT}
    return create_engine(url, pool_pre_ping=False, connect_args=timeout)


def _sqlite_engine(url: URL, create_folder: bool) -> Engine:
    path = sqlite_file(url)
    problem = path_problem(path) if path is not None else None
    if path is not None and problem is not None:
        raise RulesdbError(f"the SQLite database: the path {shown_path(path)!r} {problem}")
    if path is not None and create_folder:
        try:
            path.parent.mkdir(parents=True, exist_ok=True)
        except OSError as exc:
            raise RulesdbError(
                f"cannot create the folder {path.parent} for the database: {exc.strerror}"
            ) from None
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


def describe(url: URL) -> str:
    """How messages name a database: the SQLite file's path, else the masked URL."""
    path = sqlite_file(url)
    return str(path) if path is not None else mask(url)


def sqlite_problem(path: Path) -> str | None:
    """Why SQLite cannot open or create ``path``, in words (its own message names no file)."""
    folder = path.parent if str(path.parent) else Path(".")
    for parent in (folder, *folder.parents):
        if parent.exists() and not parent.is_dir():
            return f"{parent} is not a folder"
    if not folder.is_dir():
        return f"the folder {folder} does not exist"
    if not path.exists() and not os.access(folder, os.W_OK | os.X_OK):
        return f"the folder {folder} is not writable"
    if path.exists() and not os.access(path, os.W_OK):
        return f"{path} is not writable"
    return None
