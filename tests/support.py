"""What the test modules share: where the data is, the PostgreSQL server, throwaway databases,
one way to run the CLI in process and one to run it as a real process, one dump.

Test modules import these from here; tests/conftest.py only turns them into fixtures.
"""

from __future__ import annotations

import hashlib
import os
import shutil
import subprocess
import sys
import uuid
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path

import pytest
from click.testing import CliRunner
from sqlalchemy import Connection, Engine, create_engine, inspect, text
from sqlalchemy.dialects.postgresql import TSVECTOR
from sqlalchemy.engine import URL, make_url

from rulesdb.cli import main
from rulesdb.store.engine import make_engine
from rulesdb.store.paths import data_root

ROOT = Path(__file__).resolve().parents[1]
CR_DIR = Path(os.environ.get("RULESDB_CR_DIR", ROOT.parent / "shared" / "cr"))
PG_URL = os.environ.get("RULESDB_TEST_PG", "postgresql+psycopg://postgres@127.0.0.1:5432/test")
PG_REQUIRED = os.environ.get("CI", "").lower() == "true" or os.environ.get("RULESDB_REQUIRE_PG")
BACKENDS = ["sqlite", "postgresql"]
# Variables of the caller's shell that would point a child process at another database or
# release chain than the one its test chose.
_PRIVATE_ENV = ("RULESDB_URL", "RULESDB_DATA_ROOT", "XDG_DATA_HOME")


def cr_files() -> list[Path]:
    return sorted(CR_DIR.glob("MagicCompRules-*.txt")) if CR_DIR.is_dir() else []


def cr_file(day: str) -> Path:
    """The official file effective on day (YYYYMMDD); skips when ../shared/cr is absent."""
    path = CR_DIR / f"MagicCompRules-{day}.txt"
    if not path.is_file():
        pytest.skip(f"official CR files not found at {CR_DIR} (a clone without ../shared/cr)")
    return path


def url_text(url: URL) -> str:
    return url.render_as_string(hide_password=False)


class PostgresServer:
    """Creates and drops throwaway databases on the test server."""

    def __init__(self, url: str) -> None:
        self.url = make_url(url).set(drivername="postgresql+psycopg")
        self.admin = create_engine(self.url, isolation_level="AUTOCOMMIT")

    def available(self) -> str | None:
        try:
            with self.admin.connect() as connection:
                connection.execute(text("SELECT 1"))
        except Exception as exc:  # any failure to connect means "no server"
            return str(exc).splitlines()[0]
        return None

    def create(self, template: str | None = None) -> URL:
        name = f"rulesdb_test_{uuid.uuid4().hex[:12]}"
        clause = f" TEMPLATE {template}" if template else ""
        with self.admin.connect() as connection:
            connection.execute(text(f"CREATE DATABASE {name}{clause}"))
        return self.url.set(database=name)

    def drop(self, url: URL) -> None:
        with self.admin.connect() as connection:
            connection.execute(text(f"DROP DATABASE IF EXISTS {url.database} WITH (FORCE)"))


def new_database(backend: str, tmp_path: Path, request: pytest.FixtureRequest) -> URL:
    """A fresh empty database on the backend, dropped (PostgreSQL) when the test ends."""
    if backend == "sqlite":
        return URL.create("sqlite", database=str(tmp_path / f"{uuid.uuid4().hex[:8]}.sqlite3"))
    server: PostgresServer = request.getfixturevalue("pg_server")
    url = server.create()
    request.addfinalizer(lambda: server.drop(url))
    return url


def head_copy(backend: str, tmp_path: Path, request: pytest.FixtureRequest) -> URL:
    """A private copy of the session's database at head, for a test that writes to it."""
    if backend == "sqlite":
        copy = tmp_path / "head.sqlite3"
        if copy.exists():  # a test's second copy
            copy = tmp_path / f"head-{uuid.uuid4().hex[:8]}.sqlite3"
        shutil.copyfile(request.getfixturevalue("_head_sqlite"), copy)
        return URL.create("sqlite", database=str(copy))
    server: PostgresServer = request.getfixturevalue("pg_server")
    url = server.create(template=request.getfixturevalue("_head_pg").database)
    request.addfinalizer(lambda: server.drop(url))
    return url

# The head this checkout ships; a release written by new-release chains after it.
SHIPPED_HEAD = (ROOT / "migrations" / "HEAD").read_text().strip()


def copy_release_chain(root: Path) -> Path:
    """A copy of this checkout's migrations/ and seeds/ at ``root``, for a test to write into."""
    ignore = shutil.ignore_patterns("__pycache__")
    for folder in ("migrations", "seeds"):
        shutil.copytree(ROOT / folder, root / folder, ignore=ignore)
    return root


@contextmanager
def data_root_at(root: Path) -> Iterator[None]:
    """Meanwhile this process migrates with the release chain at ``root`` (as a process run
    with RULESDB_DATA_ROOT=root would)."""
    before = os.environ.get("RULESDB_DATA_ROOT")
    os.environ["RULESDB_DATA_ROOT"] = str(root)
    data_root.cache_clear()
    try:
        yield
    finally:
        if before is None:
            os.environ.pop("RULESDB_DATA_ROOT", None)
        else:
            os.environ["RULESDB_DATA_ROOT"] = before
        data_root.cache_clear()


def run_cli(args: list[str], capsys: pytest.CaptureFixture[str]) -> tuple[int, str, str]:
    """``rulesdb ARGS`` in-process, through the real entry point: (exit code, stdout, stderr)."""
    capsys.readouterr()
    try:
        main(args)
    except SystemExit as exc:
        code = exc.code if isinstance(exc.code, int) else 1
    else:
        code = 0
    out, err = capsys.readouterr()
    return code, out, err


def run_in_process(*args: str, input: str = "") -> subprocess.CompletedProcess[str]:
    """``rulesdb ARGS`` in-process (click's isolation, no capsys needed), shaped like a finished
    process: returncode, stdout, stderr."""
    with CliRunner().isolation(input=input.encode("utf-8")) as (out, err, _):
        try:
            main(list(args))
            code = 0
        except SystemExit as exc:
            code = exc.code if isinstance(exc.code, int) else 1
        return subprocess.CompletedProcess(["rulesdb", *args], code,
                                           out.getvalue().decode("utf-8"),
                                           err.getvalue().decode("utf-8"))


def process_env(**extra: str) -> dict[str, str]:
    """This environment without the caller's database and chain, plus ``extra``."""
    env = {k: v for k, v in os.environ.items() if k not in _PRIVATE_ENV}
    env["PYTHONDONTWRITEBYTECODE"] = "1"  # keep copied checkouts free of __pycache__
    env.update(extra)
    return env


def rulesdb_command(*args: str) -> list[str]:
    return [sys.executable, "-m", "rulesdb", *args]


def run_process(*args: str, env: dict[str, str] | None = None, input: str | None = None,
                cwd: Path | None = None) -> subprocess.CompletedProcess[str]:
    """``rulesdb ARGS`` as a real process, for the tests whose point is one (kills,
    concurrency, start-up imports, the installed entry points)."""
    return subprocess.run(rulesdb_command(*args), capture_output=True, text=True,
                          env=env if env is not None else process_env(), input=input,
                          cwd=cwd, timeout=300)


def dump(engine: Engine) -> dict[str, object]:
    """A logical dump of a rulesdb database, comparable across runs and backends.

    Every table's rows, sorted, as strings; plus the table and view names. Two databases that
    dump equal hold the same releases, vocabulary, citations and revision.

    Full-text indexes are each backend's own and derived from the text, so they are left out,
    as B-tree pages are: a SQLite FTS5 table's shadow tables depend on the order of inserts
    and deletes (a downgrade leaves tombstones), a PostgreSQL tsvector column is computed.
    The dump checks instead that each FTS5 index matches its content (FTS5's integrity
    check), and two databases then dump alike on SQLite and PostgreSQL.
    """
    inspector = inspect(engine)
    with engine.connect() as connection:
        fts = _fts5_tables(connection)
    shadows = {name + suffix for name in fts for suffix in _FTS5_SHADOWS}
    tables = [name for name in sorted(inspector.get_table_names())
              if name not in shadows and name not in fts]
    result: dict[str, object] = {
        "tables": tables,
        "views": sorted(inspector.get_view_names()),
    }
    quote = engine.dialect.identifier_preparer.quote
    with engine.connect() as connection:
        for name in tables:
            columns = [quote(column["name"]) for column in inspector.get_columns(name)
                       if not isinstance(column["type"], TSVECTOR)]
            # The driver's own values: the schema has only text and dates, which print alike
            # on both backends (ISO dates), and skipping the ORM types halves the time.
            rows = connection.exec_driver_sql(
                f"SELECT {', '.join(columns)} FROM {quote(name)}").all()
            result[name] = sorted(tuple("" if v is None else str(v) for v in row) for row in rows)
        for name in fts:  # raises if the index does not match the table it indexes
            connection.exec_driver_sql(
                f"INSERT INTO {name}({name}) VALUES ('integrity-check')")
        connection.rollback()
    return result


def fingerprint(engine: Engine) -> dict[str, object]:
    """What :func:`dump` tells, as one digest per table computed by the database itself.

    For comparing a database with itself at another moment (the round trip over every
    revision): the rows are formatted, sorted and joined by SQLite or PostgreSQL, so no row
    crosses into Python. Digests differ between backends; compare dumps across them.
    """
    inspector = inspect(engine)
    with engine.connect() as connection:
        fts = _fts5_tables(connection)
        shadows = {name + suffix for name in fts for suffix in _FTS5_SHADOWS}
        tables = [name for name in sorted(inspector.get_table_names())
                  if name not in shadows and name not in fts]
        result: dict[str, object] = {"tables": tables,
                                     "views": sorted(inspector.get_view_names())}
        quote = engine.dialect.identifier_preparer.quote
        sqlite = engine.dialect.name == "sqlite"
        for name in tables:
            columns = [quote(column["name"]) for column in inspector.get_columns(name)
                       if not isinstance(column["type"], TSVECTOR)]
            if sqlite:
                row = " || char(31) || ".join(f"quote({column})" for column in columns)
                query = (f"SELECT count(*), group_concat(r, char(30)) FROM "
                         f"(SELECT {row} AS r FROM {quote(name)} ORDER BY 1)")
            else:
                row = ", ".join(f"quote_nullable({column}::text)" for column in columns)
                query = (f"SELECT count(*), md5(string_agg(r, chr(30) ORDER BY r COLLATE \"C\")) "
                         f"FROM (SELECT concat_ws(chr(31), {row}) AS r FROM {quote(name)}) AS s")
            count, joined = connection.exec_driver_sql(query).one()
            digest = hashlib.sha256((joined or "").encode()).hexdigest() if sqlite else joined
            result[name] = (count, digest)
        for name in fts:  # raises if the index does not match the table it indexes
            connection.exec_driver_sql(
                f"INSERT INTO {name}({name}) VALUES ('integrity-check')")
        connection.rollback()
    return result


_FTS5_SHADOWS = ("_data", "_idx", "_docsize", "_config", "_content")


def _fts5_tables(connection: Connection) -> list[str]:
    if connection.dialect.name != "sqlite":
        return []
    return sorted(row[0] for row in connection.exec_driver_sql(
        "SELECT name FROM sqlite_master WHERE type = 'table' "
        "AND sql LIKE 'CREATE VIRTUAL TABLE%USING fts5%'"))


def dump_url(url: URL) -> dict[str, object]:
    engine = make_engine(url)
    try:
        return dump(engine)
    finally:
        engine.dispose()
