"""Upgrading an empty database, beside restoring a dump of the same database (same run)."""

from __future__ import annotations

import os
import sqlite3
import statistics
import subprocess
import sys
import time
from collections.abc import Callable
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))  # run from a checkout without installing

from sqlalchemy import Engine, create_engine, text  # noqa: E402
from sqlalchemy.engine import URL, make_url  # noqa: E402

from bench.table import HIGH_WATER, Row, peak_rss_kib, seconds  # noqa: E402
from rulesdb.store import migrate  # noqa: E402
from rulesdb.store.chain import current_revision, head_revision, history  # noqa: E402
from rulesdb.store.engine import make_engine  # noqa: E402
from tests.settings import CR_DIR as CR_FOLDER  # noqa: E402
from tests.settings import folder  # noqa: E402
from tests.support.pgurl import NOT_SET, PG_URL, created_name  # noqa: E402

CR_DIR = folder(CR_FOLDER)
CR_FILE = "MagicCompRules-20260807.txt"
TYPE_LINES = 30_000
BASICS = ("Plains", "Island", "Swamp", "Mountain", "Forest")


# Upgrading an empty database


class Databases:
    """Fresh empty databases on each backend, removed at the end."""

    def __init__(self, folder: Path) -> None:
        self.folder = folder
        self.admin: Engine | None = None
        self.created: list[URL] = []
        if not PG_URL:
            self.pg_problem = NOT_SET
            return
        try:
            admin = create_engine(
                make_url(PG_URL).set(drivername="postgresql+psycopg"), isolation_level="AUTOCOMMIT"
            )
            with admin.connect() as connection:
                connection.execute(text("SELECT 1"))
            self.admin = admin
        except Exception as exc:  # no server: the PostgreSQL rows say so
            self.pg_problem = str(exc).splitlines()[0]

    def new(self, backend: str) -> URL:
        name = created_name("bench_")
        if backend == "sqlite":
            return URL.create("sqlite", database=str(self.folder / f"{name}.sqlite3"))
        assert self.admin is not None
        with self.admin.connect() as connection:
            connection.execute(text(f"CREATE DATABASE {name}"))
        url = self.admin.url.set(database=name)
        self.created.append(url)
        return url

    def sqlite_head(self) -> URL:
        url = self.new("sqlite")
        engine = make_engine(url)
        migrate.upgrade(engine)
        engine.dispose()
        return url

    def drop(self, url: URL) -> None:
        """Drop a database now (a run's, not needed again); close() skips it then."""
        assert self.admin is not None
        with self.admin.connect() as connection:
            connection.execute(text(f"DROP DATABASE IF EXISTS {url.database} WITH (FORCE)"))
        self.created.remove(url)

    def close(self) -> None:
        if self.admin is None:
            return
        with self.admin.connect() as connection:
            for url in self.created:
                connection.execute(text(f"DROP DATABASE IF EXISTS {url.database} WITH (FORCE)"))
        self.admin.dispose()


def paired_self_timed(
    first: Callable[[], int], second: Callable[[], int], runs: int, warmups: int = 2
) -> tuple[int, int]:
    """Like paired_medians, for actions that time themselves (returning ns), so that making
    a fresh empty database before, and removing it after, stays out of the figures."""
    for _ in range(warmups):
        first()
        second()
    a, b = [], []
    for _ in range(runs):
        a.append(first())
        b.append(second())
    return int(statistics.median(a)), int(statistics.median(b))


def sqlite_dump(path: Path) -> tuple[str, str]:
    """The SQL dump of a SQLite file and what made it: the sqlite3 CLI, else iterdump()."""
    import shutil

    if shutil.which("sqlite3"):
        done = subprocess.run(
            ["sqlite3", str(path), ".dump"], capture_output=True, text=True, check=True
        )
        return done.stdout, "sqlite3 .dump"
    connection = sqlite3.connect(path)
    try:
        virtual = [
            f'INSERT INTO "{name}" '
            for (name,) in connection.execute(
                "SELECT name FROM sqlite_master WHERE sql LIKE 'CREATE VIRTUAL TABLE%'"
            )
        ]
        lines = []
        for line in connection.iterdump():
            # Before Python 3.13 iterdump writes a virtual table's row into sqlite_master
            # without writable_schema, and the FTS table's rows besides its shadow tables'.
            if line.startswith("INSERT INTO sqlite_master("):
                line = f"PRAGMA writable_schema=ON;\n{line}\nPRAGMA writable_schema=OFF;"
            elif any(line.startswith(prefix) for prefix in virtual):
                continue
            lines.append(line)
        return "\n".join(lines) + "\n", "iterdump()"
    finally:
        connection.close()


def _pg_client(url: URL) -> tuple[list[str], dict[str, str]]:
    """Connection options for pg_dump and psql from ``url`` (password in the environment)."""
    options = ["-h", url.host or "127.0.0.1", "-p", str(url.port or 5432)]
    if url.username:
        options += ["-U", url.username]
    env = dict(os.environ)
    if url.password:
        env["PGPASSWORD"] = str(url.password)
    return options, env


def bench_upgrade(databases: Databases) -> tuple[list[Row], dict[str, URL]]:
    """Upgrade from empty to head beside restoring a dump of the same database, per backend;
    the peak memory of the command; and both as a new user runs them (processes)."""
    revisions = len(history())
    rows = []
    head = databases.new("sqlite")
    heads: dict[str, URL] = {"sqlite": head}
    migrate.upgrade(make_engine(head))  # warm-up (imports, revision files)
    rows += _sqlite_upgrade_rows(databases, head, revisions)
    rows += _pg_upgrade_rows(databases, heads, revisions)
    rows += _upgrade_memory_rows(databases)
    return rows, heads


def _sqlite_upgrade_rows(databases: Databases, head: URL, revisions: int) -> list[Row]:

    dump, how = sqlite_dump(Path(str(head.database)))
    dump_file = databases.folder / "head-dump.sql"
    dump_file.write_text(dump, encoding="utf-8")

    def upgrade() -> int:
        url = databases.new("sqlite")
        engine = make_engine(url)
        try:
            start = time.perf_counter_ns()
            migrate.upgrade(engine)
            return time.perf_counter_ns() - start
        finally:
            engine.dispose()
            Path(str(url.database)).unlink()  # 29 MB a run: keep the folder small

    def restore() -> int:
        path = Path(str(databases.new("sqlite").database))
        start = time.perf_counter_ns()
        connection = sqlite3.connect(path)
        connection.executescript(dump)
        connection.close()
        elapsed = time.perf_counter_ns() - start
        path.unlink()
        return elapsed

    ours, base = paired_self_timed(upgrade, restore, runs=5)
    ratio = ours / base
    rows = [
        Row(
            f"upgrade empty -> head, sqlite ({revisions} revisions), in process",
            seconds(ours),
            f"{seconds(base)} restore the same database from its SQL dump "
            f"(executescript; dump by {how})",
            ratio,
            "<= 2x",
            ratio <= 2,
        )
    ]

    # As a new user runs it: both are processes, so both pay interpreter or CLI start-up.
    def command(argv: list[str], stdin: Path | None = None) -> int:
        path = Path(str(databases.new("sqlite").database))
        full = [part.replace("{db}", str(path)) for part in argv]
        with open(stdin or os.devnull, "rb") as source:
            start = time.perf_counter_ns()
            subprocess.run(full, stdin=source, capture_output=True, check=True)
            elapsed = time.perf_counter_ns() - start
        path.unlink()
        return elapsed

    upgrade_argv = [sys.executable, "-m", "rulesdb", "--db", "sqlite:///{db}", "upgrade"]
    if how == "sqlite3 .dump":
        restore_argv, restore_text = ["sqlite3", "{db}"], "sqlite3 new.sqlite3 < dump.sql"
    else:  # no CLI: the same restore in a Python process
        restore_argv = [
            sys.executable,
            "-c",
            "import sqlite3, sys; sqlite3.connect(sys.argv[1]).executescript(sys.stdin.read())",
            "{db}",
        ]
        restore_text = "python executescript(stdin) < dump.sql"
    ours, base = paired_self_timed(
        lambda: command(upgrade_argv), lambda: command(restore_argv, dump_file), runs=3, warmups=1
    )
    rows.append(
        Row(
            "  rulesdb upgrade from empty, sqlite, whole command (process)",
            seconds(ours),
            f"{seconds(base)} {restore_text} (process)",
            ours / base,
            "(information)",
            None,
        )
    )
    return rows


def _pg_upgrade_rows(databases: Databases, heads: dict[str, URL], revisions: int) -> list[Row]:
    name = f"upgrade empty -> head, postgresql ({revisions} revisions), in process"
    if databases.admin is None:
        return [Row(name, "no server", "-", None, "<= 2x", None)]
    head = databases.new("postgresql")
    engine = make_engine(head)
    try:
        migrate.upgrade(engine)  # also the warm-up: first connection, catalog caches
    finally:
        engine.dispose()
    heads["postgresql"] = head
    options, env = _pg_client(head)
    dump_file = databases.folder / "head-pg_dump.sql"
    subprocess.run(
        ["pg_dump", *options, "-d", str(head.database), "-f", str(dump_file)],
        env=env,
        check=True,
        capture_output=True,
    )

    def upgrade() -> int:
        url = databases.new("postgresql")
        engine = make_engine(url)
        try:
            start = time.perf_counter_ns()
            migrate.upgrade(engine)
            return time.perf_counter_ns() - start
        finally:
            engine.dispose()
            databases.drop(url)

    def restore() -> int:
        url = databases.new("postgresql")
        argv = [
            "psql",
            *options,
            "-q",
            "-v",
            "ON_ERROR_STOP=1",
            "-d",
            str(url.database),
            "-f",
            str(dump_file),
        ]
        start = time.perf_counter_ns()
        subprocess.run(
            argv, env=env, check=True, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL
        )
        elapsed = time.perf_counter_ns() - start
        databases.drop(url)
        return elapsed

    ours, base = paired_self_timed(upgrade, restore, runs=3, warmups=1)
    ratio = ours / base
    return [
        Row(
            name,
            seconds(ours),
            f"{seconds(base)} psql -f of its pg_dump (process)",
            ratio,
            "<= 2x",
            ratio <= 2,
        )
    ]


def _upgrade_memory_rows(databases: Databases) -> list[Row]:
    """Peak RSS of ``rulesdb --db URL upgrade`` on an empty database, beside a process that
    only imports what the upgrade imports: the difference is what the upgrade adds."""
    rows = []
    imports = "import sys, sqlalchemy, alembic.command, rulesdb.cli, rulesdb.store.migrate"
    for backend in ("sqlite", "postgresql"):
        name = f"  upgrade from empty, peak RSS, {backend} (whole command)"
        if backend == "postgresql" and databases.admin is None:
            rows.append(Row(name, "no server", "-", None, "<= 150 MB", None))
            continue
        url = databases.new(backend)
        ours = peak_rss_kib(
            ["rulesdb", "--db", url.render_as_string(hide_password=False), "upgrade"]
        )
        engine = make_engine(url)
        at = current_revision(engine)  # a failed run would also print a small peak
        engine.dispose()
        if at != head_revision():
            name += f" (upgrade failed: at {at})"
        if backend == "sqlite":
            Path(str(url.database)).unlink()
        else:
            databases.drop(url)
        probe = imports + (", psycopg" if backend == "postgresql" else "") + "; " + HIGH_WATER
        loaded = subprocess.run(
            [sys.executable, "-c", probe], capture_output=True, text=True, check=True
        )
        base = int(loaded.stderr.strip().splitlines()[-1])
        rows.append(
            Row(
                name,
                f"{ours * 1024 / 1e6:.0f} MB",
                f"{base * 1024 / 1e6:.0f} MB: a process that only imports its modules",
                ours / base,
                "<= 150 MB",
                ours * 1024 <= 150e6 and at == head_revision(),
            )
        )
    return rows
