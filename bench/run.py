"""rulesdb benchmarks: every figure beside a baseline measured in the same run.

    python bench/run.py            # about a minute; prints one table
    python bench/run.py --strict   # exit status 1 if any target is missed
    python bench/run.py --only upgrade   # the upgrade-from-empty rows alone
    python bench/run.py --only lint-citations   # lint-citations over a 100 MB source tree
    python bench/run.py --only web-load   # rulesdb serve beside datasette, 32 clients (45 s)
    python bench/run.py --only first-answer   # the first command after pip install (30 s)
    python bench/run.py --only bounds   # each hostile input of the bounds issue, as it ends now
    python bench/run.py --only fix   # lint-citations --fix of a 400 MB file, beside cp and grep
    python bench/run.py --only lineage   # the lineage matcher against the links read by hand
    python bench/run.py --only mcp   # rulesdb mcp: a rule call over stdio, the server's start
    python bench/run.py --only check   # a read command's start: `rulesdb check` as a process
    python bench/run.py --markdown docs/benchmarks.md   # also writes the docs' page

Each figure is the median of repeated runs (``time.perf_counter_ns``) after warm-ups, printed
with a baseline taken on the same machine in the same run, the ratio of the two, its target
and PASS/MISS. Targets assume a 2-core machine. PostgreSQL figures use $RULESDB_TEST_PG
(e.g. postgresql://postgres@127.0.0.1:5432/test), creating and dropping throwaway databases
named by $RULESDB_TEST_PREFIX; without one those rows say so. The importer figure reads the
official CR files from ../shared/cr (or $RULESDB_CR_DIR). Upgrading from empty is measured beside
restoring a dump of the same database (sqlite3 .dump, pg_dump), which needs the sqlite3 CLI
(else Python's iterdump) and pg_dump/psql on the PATH.
"""

from __future__ import annotations

import argparse
import itertools
import json
import os
import random
import sqlite3
import statistics
import subprocess
import sys
import tempfile
import time
import uuid
from collections.abc import Callable
from datetime import date
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))  # run from a checkout without installing

from sqlalchemy import Connection, Engine, create_engine, text  # noqa: E402
from sqlalchemy.engine import URL, make_url  # noqa: E402

from bench.table import Row, median_ns, paired_medians, print_table, seconds  # noqa: E402
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


def bench_import() -> list[Row]:
    from rulesdb.ingest.importer import import_file

    path = CR_DIR / CR_FILE
    if not path.is_file():
        return [Row("import one CR file", "-", "-", None, "<= 10x", None)]

    def read_and_split() -> list[str]:
        return path.read_text(encoding="utf-8").splitlines()

    imported, baseline = paired_medians(lambda: import_file(path), read_and_split, runs=15)
    ratio = imported / baseline
    return [
        Row(
            f"import_file({CR_FILE})",
            seconds(imported),
            f"{seconds(baseline)} read+splitlines",
            ratio,
            "<= 10x",
            ratio <= 10,
        )
    ]


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
    import sqlite3

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
    import sqlite3

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
        ours = _peak_rss_kib(
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
        probe = imports + (", psycopg" if backend == "postgresql" else "") + "; " + _HIGH_WATER
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


# The rulebook, warm, in the library


def bench_rulebook(heads: dict[str, URL]) -> list[Row]:
    rows = []
    for backend, url in heads.items():
        engine = make_engine(url)
        try:
            with engine.connect() as connection:
                rows += _rulebook_rows(backend, connection)
        finally:
            engine.dispose()
    return rows


def _rulebook_rows(backend: str, connection: Connection) -> list[Row]:
    from rulesdb.questions import glossary, rulebook, search

    rows = []
    lookup = text("SELECT text FROM rulebook_text WHERE id = :id")
    some_id = connection.execute(text("SELECT MIN(id) FROM rulebook_text")).scalar()

    def one_select() -> None:
        connection.execute(lookup, {"id": some_id}).all()

    for label, action in (
        ('rule("702.19"), warm', lambda: rulebook.rule(connection, "702.19")),
        ('glossary("trample"), warm', lambda: glossary.glossary(connection, "trample")),
    ):
        ours, base = paired_medians(action, one_select, runs=200, warmups=20)
        sqlite = backend == "sqlite"  # the target is the embedded default's
        rows.append(
            Row(
                f"{label}, {backend}",
                seconds(ours),
                f"{seconds(base)} one primary-key SELECT",
                ours / base,
                "< 1 ms" if sqlite else "-",
                ours < 1e6 if sqlite else None,
            )
        )
    day = date(2024, 6, 7)
    words = ["equipment", "attached"]

    def full_text() -> None:
        search.search(connection, " ".join(words), day, limit=10)

    def substring_scan() -> None:  # what one would do without a text index
        texts = connection.execute(
            text("SELECT number, text FROM v_rule WHERE release_date = :day"),
            {"day": day.isoformat() if backend == "sqlite" else day},
        )
        [number for number, body in texts if all(word in body.lower() for word in words)]

    ours, base = paired_medians(full_text, substring_scan, runs=30, warmups=3)
    rows.append(
        Row(
            f'search("equipment attached") on 2024-06-07, warm, {backend}',
            seconds(ours),
            f"{seconds(base)} Python substring scan of its rules",
            ours / base,
            "< 20 ms",
            ours < 20e6,
        )
    )
    return rows


def bench_changes(head_db: URL) -> list[Row]:
    """`changes --since BFZ` to the latest beside one rule-diff of the same span (what it
    builds on), and the pairwise rule-diffs of each release in the span it replaces."""
    from rulesdb.questions import rulebook
    from rulesdb.questions.changes import changes
    from rulesdb.questions.listings import release_in_force

    engine = make_engine(head_db)
    try:
        with engine.connect() as connection:
            start, end = date(2015, 9, 26), release_in_force(connection, None)
            days = [start] + [
                as_day(row[0])
                for row in connection.execute(
                    text(
                        "SELECT release_date FROM release_rulebook WHERE release_date > :start "
                        "ORDER BY release_date"
                    ),
                    {"start": start.isoformat()},
                )
            ]

            def digest() -> None:
                changes(connection, start, end)

            def one_diff() -> None:
                rulebook.rule_diff(connection, start, end)

            def each_pair() -> None:
                for older, newer in itertools.pairwise(days):
                    rulebook.rule_diff(connection, older, newer)

            ours, base = paired_medians(digest, one_diff, runs=5, warmups=1)
            every = median_ns(each_pair, runs=1, warmups=0)
    finally:
        engine.dispose()
    ratio = ours / base
    # The digest is that rule-diff plus the vocabulary, glossary and lineage links: the
    # target is a person's wait, the ratio says what the extra reading costs.
    return [
        Row(
            f"changes --since BFZ ({len(days) - 1} releases), sqlite",
            seconds(ours),
            f"{seconds(base)} one rule-diff BFZ → latest",
            ratio,
            "< 1 s",
            ours < 1e9,
        ),
        Row(
            f"  the {len(days) - 1} pairwise rule-diffs it replaces",
            seconds(every),
            f"{seconds(ours)} changes",
            every / ours,
            "(information)",
            None,
        ),
    ]


def as_day(value: object) -> date:
    return value if isinstance(value, date) else date.fromisoformat(str(value))


# The embedded database's size


def bench_sqlite_size(head_db: URL) -> list[Row]:
    """The SQLite file at head beside its SQL dump: the same rows (the full-text index's
    shadow tables among them) as INSERT statements, without the file's indexes and pages."""
    head = Path(str(head_db.database))
    dump, how = sqlite_dump(head)
    ours, base = head.stat().st_size, len(dump.encode("utf-8"))
    return [
        Row(
            "SQLite file at head (every release, rulebook, keywords)",
            f"{ours / 1e6:.1f} MB",
            f"{base / 1e6:.1f} MB its SQL dump ({how})",
            ours / base,
            "< 40 MB",
            ours < 40e6,
        )
    ]


# Lineage: rules followed through renumbering and rewording


def bench_lineage() -> list[Row]:
    """The matcher against the CR's own truth (each keyword titles its rule in every release
    listing it) and the links checked by hand, beside what a history following the number
    alone gets right; its time over the whole chain beside reading the seeds it reads."""
    from rulesdb.authoring.lineage_seed import chain_lineages
    from rulesdb.authoring.rulebook_seed import TextStore
    from tests.test_lineage import SEEDS, checked_by_hand, keyword_links

    revisions = sorted(path.stem for path in SEEDS.glob("cr_*.json"))
    started = time.perf_counter()
    TextStore(SEEDS)
    for revision in revisions:
        json.loads((SEEDS / f"{revision}.json").read_bytes())
    reading = time.perf_counter() - started
    started = time.perf_counter()
    lineages = chain_lineages(SEEDS, revisions)
    matching = time.perf_counter() - started
    found = keyword_links(lineages)
    checked = checked_by_hand() + checked_by_hand(misses=True)
    found_links = [lineages.links[day][rule] for day, rule, _ in checked]
    right = sum(
        link.source == expected for link, (_, _, expected) in zip(found_links, checked, strict=True)
    )
    wrong = sum(
        link.source is not None and link.source != expected
        for link, (_, _, expected) in zip(found_links, checked, strict=True)
    )
    missed = len(checked) - right - wrong
    by_number = sum(expected == rule for _, rule, expected in checked)
    links = [
        link for day in lineages.days for link in lineages.links[day].values() if link.how != "same"
    ]
    doubted = sum(link.uncertain for link in links)
    share = found.right / found.total
    return [
        Row(
            f"lineage: keyword title rules linked right ({found.total:,} links)",
            f"{share:.2%}, {len(found.wrong)} wrong, {len(found.missed)} missed",
            f"{found.same_number / found.total:.2%} by number alone",
            None,
            ">= 99%, 0 wrong",
            share >= 0.99 and not found.wrong,
        ),
        Row(
            f"lineage: keywords followed end to end ({found.keywords} keywords)",
            f"{found.followed}",
            f"{found.followed_by_number} by number alone",
            None,
            ">= 99%",
            found.followed >= 0.99 * found.keywords,
        ),
        Row(
            f"lineage: links checked by hand ({len(checked)})",
            f"{right} right, {wrong} wrong, {missed} missed",
            f"{by_number} by number alone",
            None,
            "0 wrong, <= 1 missed in 1,000",
            wrong == 0 and missed * 1000 <= len(checked),
        ),
        Row(
            f"lineage: links marked uncertain (of {len(links):,} stored)",
            f"{doubted}",
            "-",
            None,
            "(information)",
            None,
        ),
        Row(
            f"lineage: matching all {len(revisions)} releases, in process",
            seconds(matching * 1e9),
            f"{seconds(reading * 1e9)} reading their seeds and packs",
            matching / reading,
            "(information)",
            None,
        ),
    ]


# The rulebook as JSON


def bench_rulebook_export(head_db: URL) -> list[Row]:
    """``export --style rulebook``: the files' sizes, plain and gzipped, beside the SQLite file
    at head (the same rulebook and more); the time of --all-releases beside reading every
    release's rules and glossary entries from the views (one row per release and entry)."""
    import gzip

    from rulesdb.questions.rulebook_export import (
        dumps,
        export_rulebook,
        export_rulebook_all_releases,
    )

    database = Path(str(head_db.database)).read_bytes()
    database_gz = len(gzip.compress(database))
    engine = make_engine(head_db)
    try:
        every = (dumps(export_rulebook_all_releases(engine)) + "\n").encode("utf-8")
        one = (dumps(export_rulebook(engine, None)) + "\n").encode("utf-8")

        def export_all() -> None:
            dumps(export_rulebook_all_releases(engine))

        def read_views() -> None:
            with engine.connect() as connection:
                for view in ("release_rule", "release_glossary"):
                    connection.execute(text(f"SELECT * FROM {view}")).all()

        ours, base = paired_medians(export_all, read_views, runs=3, warmups=1)
    finally:
        engine.dispose()
    every_gz, one_gz = len(gzip.compress(every)), len(gzip.compress(one))
    megabytes = len(database) / 1e6
    return [
        Row(
            "export --style rulebook --all-releases: JSON file",
            f"{len(every) / 1e6:.1f} MB",
            f"{megabytes:.1f} MB the SQLite file at head",
            len(every) / len(database),
            "<= 2x",
            len(every) <= 2 * len(database),
        ),
        Row(
            "  the same file gzipped",
            f"{every_gz / 1e6:.1f} MB",
            f"{database_gz / 1e6:.1f} MB the SQLite file gzipped",
            every_gz / database_gz,
            "<= 1.5x",
            every_gz <= 1.5 * database_gz,
        ),
        Row(
            "  one release (the latest): JSON file, gzipped",
            f"{len(one) / 1e6:.2f} MB, {one_gz / 1e6:.2f} MB",
            f"{megabytes:.1f} MB the SQLite file at head",
            len(one) / len(database),
            "(information)",
            None,
        ),
        Row(
            "  --all-releases, in process (read, shape, write the text)",
            seconds(ours),
            f"{seconds(base)} SELECT * of every release's rows (release_rule, release_glossary)",
            ours / base,
            "< 10 s",
            ours < 10e9,
        ),
    ]


# The vocabulary helper, warm


def realistic_type_lines(vocab, count: int, seed: int = 20260807) -> list[str]:  # type: ignore[no-untyped-def]
    """Type lines as a card list has them: mostly creatures, common lines repeated often."""
    rng = random.Random(seed)
    sub = {c: list(vocab.subtypes_of(c)) for c in vocab.categories}

    def words(category: str, most: int) -> str:
        return " ".join(rng.sample(sub[category], rng.randint(1, most)))

    makers = [
        (30, lambda: f"Creature — {words('creature', 2)}"),
        (8, lambda: f"Legendary Creature — {words('creature', 2)}"),
        (4, lambda: f"Artifact Creature — {words('creature', 1)}"),
        (3, lambda: f"Enchantment Creature — {words('creature', 2)}"),
        (1, lambda: f"Snow Creature — {words('creature', 1)}"),
        (10, lambda: rng.choice(["Instant", "Sorcery"])),
        (2, lambda: f"{rng.choice(['Instant', 'Sorcery'])} — {words('spell', 1)}"),
        (1, lambda: f"Kindred {rng.choice(['Instant', 'Sorcery'])} — {words('creature', 1)}"),
        (4, lambda: "Artifact"),
        (4, lambda: f"Artifact — {words('artifact', 1)}"),
        (1, lambda: f"Legendary Artifact — {words('artifact', 1)}"),
        (4, lambda: "Enchantment"),
        (4, lambda: f"Enchantment — {words('enchantment', 1)}"),
        (3, lambda: "Land"),
        (5, lambda: f"Basic Land — {rng.choice(BASICS)}"),
        (3, lambda: f"Land — {words('land', 2)}"),
        (2, lambda: f"Legendary Planeswalker — {words('planeswalker', 1)}"),
        (1, lambda: f"Battle — {words('battle', 1)}"),
        (1, lambda: f"Plane — {rng.choice(sub['planar'])}"),
    ]
    weights = [w for w, _ in makers]
    distinct = list(dict.fromkeys(rng.choices(makers, weights)[0][1]() for _ in range(4000)))
    # Zipf-like repeats: a few lines (Instant, Basic Land — Forest) recur very often.
    popularity = [1 / (rank + 1) ** 0.8 for rank in range(len(distinct))]
    return rng.choices(distinct, popularity, k=count)


def bench_vocabulary(head_db: URL) -> list[Row]:
    try:
        from rulesdb.vocabulary.loader import clear_cache, load_vocabulary
    except ImportError:
        return [Row("vocabulary helper", "rulesdb.vocabulary.loader missing", "-", None, "-", None)]
    engine = make_engine(head_db)
    rows = []
    try:
        vocab = load_vocabulary(engine)
        members = list(vocab.subtypes_of("creature"))
        others = [n for c in vocab.categories if c != "creature" for n in vocab.subtypes_of(c)]
        # Mostly hits, some misses (other categories' subtypes), a few spelled differently.
        names = members + others[: len(members) // 3] + [n.upper() for n in members[:50]]
        random.Random(1).shuffle(names)
        names = names * max(1, 20_000 // len(names))
        known = frozenset(vocab.subtypes_of("creature"))
        is_subtype = vocab.is_subtype

        def helper() -> None:
            for name in names:
                is_subtype(name, "creature")

        def bare() -> None:
            for name in names:
                name in known  # noqa: B015  (the look-up is the point)

        ours, base = paired_medians(helper, bare, runs=15)
        per_call, per_base = ours / len(names), base / len(names)
        ratio = ours / base
        rows.append(
            Row(
                'v.is_subtype(name, "creature"), warm',
                f"{per_call:.0f} ns/call",
                f"{per_base:.0f} ns frozenset `in`",
                ratio,
                "< 1 µs and <= 25x",
                per_call < 1000 and ratio <= 25,
            )
        )

        card_words = [
            w for line in realistic_type_lines(vocab, 2000) for w in line.split() if w != "—"
        ]
        card_known = frozenset(vocab.card_types)
        is_card_type = vocab.is_card_type

        def card_helper() -> None:
            for word in card_words:
                is_card_type(word)

        def card_bare() -> None:
            for word in card_words:
                word in card_known  # noqa: B015

        ours, base = paired_medians(card_helper, card_bare, runs=15)
        per_call, ratio = ours / len(card_words), ours / base
        rows.append(
            Row(
                "v.is_card_type(word), warm",
                f"{per_call:.0f} ns/call",
                f"{base / len(card_words):.0f} ns frozenset `in`",
                ratio,
                "< 1 µs and <= 25x",
                per_call < 1000 and ratio <= 25,
            )
        )

        lines = realistic_type_lines(vocab, TYPE_LINES)
        distinct = len(set(lines))
        clear_cache()
        fresh = load_vocabulary(engine)  # nothing parsed yet
        start = time.perf_counter_ns()
        for line in lines:
            fresh.parse(line)
        cold = time.perf_counter_ns() - start
        parse = fresh.parse

        def parse_all() -> None:
            for line in lines:
                parse(line)

        def split_all() -> None:
            for line in lines:
                line.split()

        ours, base = paired_medians(parse_all, split_all, runs=9)
        rate, base_rate, ratio = len(lines) / ours * 1e9, len(lines) / base * 1e9, ours / base
        rows.append(
            Row(
                f"v.parse(line), warm ({len(lines):,} lines, {distinct:,} distinct)",
                f"{rate:,.0f} lines/s",
                f"{base_rate:,.0f} lines/s str.split",
                ratio,
                ">= 100,000/s and <= 10x",
                rate >= 100_000 and ratio <= 10,
            )
        )
        rows.append(
            Row(
                "v.parse(line), first pass (each distinct line parsed once)",
                f"{len(lines) / cold * 1e9:,.0f} lines/s",
                "-",
                None,
                "(information)",
                None,
            )
        )
    finally:
        engine.dispose()
    return rows


# The command line


# lint-cards on an oracle_cards-shaped file

LINT_CARDS = 20_000  # the throughput file: about 70 MB
LINT_BIG_MB = 100  # the memory file
_FORMATS = (
    "standard",
    "future",
    "historic",
    "timeless",
    "gladiator",
    "pioneer",
    "explorer",
    "modern",
    "legacy",
    "pauper",
    "vintage",
    "penny",
    "commander",
    "oathbreaker",
    "standardbrawl",
    "brawl",
    "alchemy",
    "paupercommander",
    "duel",
    "oldschool",
    "premodern",
    "predh",
)


def oracle_card(number: int, line: str, rng: random.Random) -> dict:
    """A card object with the fields Scryfall's oracle_cards bulk file has, sizes alike."""

    def uid() -> str:
        return str(uuid.UUID(int=rng.getrandbits(128)))

    card = {
        "object": "card",
        "id": uid(),
        "oracle_id": uid(),
        "multiverse_ids": [number],
        "mtgo_id": number,
        "tcgplayer_id": number,
        "cardmarket_id": number,
        "name": f"Benchmark Card {number}",
        "lang": "en",
        "released_at": "2021-02-05",
        "uri": f"https://api.scryfall.com/cards/{uid()}",
        "scryfall_uri": f"https://scryfall.com/card/khm/{number}/benchmark?utm_source=api",
        "layout": "normal",
        "highres_image": True,
        "image_status": "highres_scan",
        "image_uris": {
            size: f"https://cards.scryfall.io/{size}/front/a/b/{uid()}.jpg"
            for size in ("small", "normal", "large", "png", "art_crop", "border_crop")
        },
        "mana_cost": "{2}{G}",
        "cmc": 3.0,
        "type_line": line,
        "oracle_text": "When this enters, draw a card.\nWhenever you cast a spell, scry 1.",
        "power": "2",
        "toughness": "2",
        "colors": ["G"],
        "color_identity": ["G"],
        "keywords": ["Flying"],
        "legalities": {name: rng.choice(["legal", "not_legal"]) for name in _FORMATS},
        "games": ["paper", "mtgo"],
        "reserved": False,
        "foil": True,
        "nonfoil": True,
        "finishes": ["nonfoil", "foil"],
        "oversized": False,
        "promo": False,
        "reprint": True,
        "variation": False,
        "set_id": uid(),
        "set": "khm",
        "set_name": "Kaldheim",
        "set_type": "expansion",
        "set_uri": f"https://api.scryfall.com/sets/{uid()}",
        "collector_number": str(number),
        "digital": False,
        "rarity": "common",
        "flavor_text": "Benchmarks run where the rules are read.",
        "artist": "Some Artist",
        "artist_ids": [uid()],
        "illustration_id": uid(),
        "border_color": "black",
        "frame": "2015",
        "full_art": False,
        "textless": False,
        "booster": True,
        "edhrec_rank": number,
        "prices": {
            "usd": "0.10",
            "usd_foil": "0.25",
            "eur": "0.05",
            "eur_foil": None,
            "tix": "0.03",
        },
        "related_uris": {
            "gatherer": "https://gatherer.wizards.com/x",
            "edhrec": "https://edhrec.com/route/?cc=x",
        },
    }
    if number % 20 == 0:  # a transform card: faces, and the joined line on top
        card["layout"] = "transform"
        card["card_faces"] = [
            {
                "object": "card_face",
                "name": f"Face {n}",
                "type_line": line,
                "oracle_text": "Transform it.",
            }
            for n in (1, 2)
        ]
        card["type_line"] = f"{line} // {line}"
    return card


def write_oracle_cards(path: Path, lines: list[str], target_bytes: int = 0) -> int:
    """Scryfall's layout: "[", then one card a line, comma-separated; returns the count."""
    rng = random.Random(7)
    count = 0
    with path.open("w", encoding="utf-8") as out:
        out.write("[\n")
        while count < len(lines) or out.tell() < target_bytes:
            if count:
                out.write(",\n")
            out.write(
                json.dumps(oracle_card(count, lines[count % len(lines)], rng), ensure_ascii=False)
            )
            count += 1
        out.write("\n]\n")
    return count


_HIGH_WATER = (
    "print([line.split()[1] for line in open('/proc/self/status') "
    "if line.startswith('VmHWM')][0], file=sys.stderr)"
)


def _peak_rss_kib(argv: list[str]) -> int:
    """The peak resident memory of a child running ``argv`` (Python code), in KiB. VmHWM,
    not ru_maxrss: a forked child's ru_maxrss starts at its parent's size."""
    probe = (
        f"import runpy, sys; sys.argv = {argv!r}\ntry:\n"
        "    runpy.run_module(sys.argv[0], run_name='__main__')\n"
        "except SystemExit:\n    pass\n"
    ) + _HIGH_WATER
    done = subprocess.run(
        [sys.executable, "-c", probe], capture_output=True, text=True, check=False
    )
    return int(done.stderr.strip().splitlines()[-1])


def bench_lint_cards(head_db: URL, folder: Path) -> list[Row]:
    from rulesdb.vocabulary.loader import load_vocabulary

    url = head_db.render_as_string(hide_password=False)
    engine = make_engine(head_db)
    vocab = load_vocabulary(engine)
    lines = realistic_type_lines(vocab, LINT_CARDS)
    path = folder / "oracle-cards.json"
    count = write_oracle_cards(path, lines)

    def baseline() -> None:
        with path.open("rb") as stream:
            for card in json.load(stream):
                vocab.parse(card["type_line"])

    mine, base = paired_medians(_lint_command(url, path), baseline, runs=3, warmups=1)
    rate, base_rate = count / (mine / 1e9), count / (base / 1e9)
    jsonl = folder / "oracle-cards.jsonl"
    with path.open("rb") as source, jsonl.open("wb") as target:
        for line in source:  # the same cards as JSON Lines, as Scryfall's jsonl export
            line = line.rstrip(b",\r\n")
            if line.startswith(b"{"):
                target.write(line + b"\n")

    mine_l, base_l = paired_medians(_lint_command(url, jsonl), baseline, runs=3, warmups=1)
    rate_l, base_rate_l = count / (mine_l / 1e9), count / (base_l / 1e9)
    engine.dispose()
    return [
        Row(
            f"lint-cards, oracle_cards shape ({count:,} cards, "
            f"{path.stat().st_size / (1 << 20):.0f} MB), whole command",
            f"{rate:,.0f} cards/s",
            f"{base_rate:,.0f} cards/s: json.load + parse loop",
            base / mine,
            ">= 50,000/s",
            rate >= 50_000,
        ),
        Row(
            "  the same cards as JSON Lines (Scryfall's jsonl export)",
            f"{rate_l:,.0f} cards/s",
            f"{base_rate_l:,.0f} cards/s: json.load + parse loop",
            base_l / mine_l,
            ">= 50,000/s",
            rate_l >= 50_000,
        ),
        *_memory_rows(url, folder / "oracle-cards", write_oracle_cards, lines, "file"),
    ]


def _memory_rows(
    url: str, stem: Path, write: Callable[..., int], lines: list[str], what: str
) -> list[Row]:
    """Peak RSS of lint-cards on a big and a tenth as big file written by ``write``, beside
    json.load's of the big one: flat when the big one costs no more than the small one."""
    big, small = stem.with_name(f"{stem.name}-100mb.json"), stem.with_name(f"{stem.name}-10mb.json")
    big_count = write(big, lines[:1000], target_bytes=LINT_BIG_MB << 20)
    write(small, lines[:1000], target_bytes=(LINT_BIG_MB << 20) // 10)
    lint = ["rulesdb", "--db", url, "lint-cards"]
    rss_big, rss_small = _peak_rss_kib([*lint, str(big)]), _peak_rss_kib([*lint, str(small)])
    loader = "import json, sys; json.load(open(sys.argv[1], 'rb')); " + _HIGH_WATER
    loaded = subprocess.run(
        [sys.executable, "-c", loader, str(big)], capture_output=True, text=True, check=True
    )
    rss_load = int(loaded.stderr.strip().splitlines()[-1])
    size = big.stat().st_size / (1 << 20)
    return [
        Row(
            f"  lint-cards peak RSS, {size:.0f} MB {what} ({big_count:,} cards)",
            f"{rss_big / 1024:.0f} MiB",
            f"{rss_load / 1024:.0f} MiB: json.load of it",
            rss_big / rss_load,
            "flat: <= 10 MB file + 20%",
            rss_big <= rss_small * 1.2,
        ),
        Row(
            f"  lint-cards peak RSS, 10 MB {what}",
            f"{rss_small / 1024:.0f} MiB",
            "-",
            None,
            "(information)",
            None,
        ),
    ]


def mtgjson_card(number: int, line: str, rng: random.Random) -> dict:
    """A card of MTGJSON's AllPrintings with the fields and sizes it has (keys sorted, as
    MTGJSON writes them), mana symbols and brackets in its texts."""

    def uid() -> str:
        return str(uuid.UUID(int=rng.getrandbits(128)))

    text = "When this enters, draw a card.\n{T}: Add {G}. [Costs {2} less.]"
    card = {
        "artist": "Some Artist",
        "artistIds": [uid()],
        "availability": ["mtgo", "paper"],
        "borderColor": "black",
        "colorIdentity": ["G"],
        "colors": ["G"],
        "convertedManaCost": 3.0,
        "edhrecRank": number,
        "finishes": ["nonfoil", "foil"],
        "foreignData": [
            {
                "flavorText": 'Ein "Text".',
                "identifiers": {"multiverseId": str(number), "scryfallId": uid()},
                "language": language,
                "multiverseId": number,
                "name": f"Karte {number}",
                "text": text,
                "type": "Kreatur — Elf",
            }
            for language in ("German", "French", "Japanese")
        ],
        "frameVersion": "2015",
        "hasFoil": True,
        "hasNonFoil": True,
        "identifiers": {
            key: uid()
            for key in (
                "cardKingdomId",
                "mcmId",
                "mtgjsonV4Id",
                "scryfallId",
                "scryfallOracleId",
                "scryfallIllustrationId",
                "tcgplayerProductId",
            )
        },
        "keywords": ["Flying"],
        "language": "English",
        "layout": "normal",
        "legalities": {name.capitalize(): "Legal" for name in _FORMATS},
        "manaCost": "{2}{G}",
        "manaValue": 3.0,
        "name": f"Benchmark Card {number}",
        "number": str(number),
        "originalText": text,
        "originalType": line,
        "power": "2",
        "printings": ["KHM", "M21", "PLST"],
        "purchaseUrls": {
            key: f"https://mtgjson.com/links/{uid()[:16]}"
            for key in ("cardKingdom", "cardmarket", "tcgplayer")
        },
        "rarity": "common",
        "rulings": [
            {
                "date": "2021-02-05",
                "text": "If it leaves {the battlefield} before [its ability] resolves, draw.",
            }
        ],
        "setCode": "KHM",
        "subtypes": ["Elf"],
        "supertypes": [],
        "text": text,
        "toughness": "2",
        "type": line,
        "types": ["Creature"],
        "uuid": uid(),
    }
    return card


def write_all_printings(
    path: Path, lines: list[str], target_bytes: int = 0, set_size: int = 300
) -> int:
    """AllPrintings' layout, minified: meta, then data -> set code -> set object whose cards
    come before its releaseDate (MTGJSON sorts the keys); returns the count of cards."""
    rng = random.Random(7)
    count, sets = 0, 0
    with path.open("w", encoding="utf-8") as out:
        out.write('{"meta":{"date":"2026-08-01","version":"5.2.2"},"data":{')
        while count < len(lines) or out.tell() < target_bytes:
            cards = [
                mtgjson_card(count + n, lines[(count + n) % len(lines)], rng)
                for n in range(set_size)
            ]
            code = f"S{sets:03d}"
            set_ = {
                "baseSetSize": set_size,
                "cards": cards,
                "code": code,
                "name": f"Set {sets}",
                "releaseDate": "2021-02-05",
                "tokens": [],
                "type": "expansion",
            }
            out.write(
                ("," if sets else "")
                + json.dumps(code)
                + ":"
                + json.dumps(set_, ensure_ascii=False, separators=(",", ":"))
            )
            count += set_size
            sets += 1
        out.write("}}")
    return count


def bench_lint_mtgjson(head_db: URL, folder: Path) -> list[Row]:
    from rulesdb.vocabulary.loader import load_vocabulary

    url = head_db.render_as_string(hide_password=False)
    engine = make_engine(head_db)
    vocab = load_vocabulary(engine)
    engine.dispose()
    lines = realistic_type_lines(vocab, LINT_CARDS)
    path = folder / "AllPrintings.json"
    count = write_all_printings(path, lines)

    def baseline() -> None:
        with path.open("rb") as stream:
            for set_ in json.load(stream)["data"].values():
                for card in set_["cards"]:
                    vocab.parse(card["type"])

    mine, base = paired_medians(_lint_command(url, path), baseline, runs=3, warmups=1)
    rate, base_rate = count / (mine / 1e9), count / (base / 1e9)
    return [
        Row(
            f"lint-cards, MTGJSON AllPrintings shape, minified ({count:,} cards, "
            f"{path.stat().st_size / (1 << 20):.0f} MB), whole command",
            f"{rate:,.0f} cards/s",
            f"{base_rate:,.0f} cards/s: json.load + parse loop",
            base / mine,
            ">= 50,000/s",
            rate >= 50_000,
        ),
        *_memory_rows(url, folder / "AllPrintings", write_all_printings, lines, "AllPrintings"),
    ]


def _lint_command(url: str, path: Path) -> Callable[[], None]:
    """``rulesdb lint-cards PATH`` in this process, its output thrown away."""
    import contextlib
    import io

    from rulesdb.cli import main as cli_main

    def run() -> None:
        sinks = contextlib.redirect_stdout(io.StringIO()), contextlib.redirect_stderr(io.StringIO())
        with sinks[0], sinks[1], contextlib.suppress(SystemExit):
            cli_main(["--db", url, "lint-cards", str(path)])

    return run


# lint-citations over a tree of source files

CITATION_TREE_MB = 100
# Cited as code cites them: fine, renumbered since (502.9 was trample until 2009), missing.
_CITED = (
    "CR 702.19b",
    "rule 613.1a",
    "[CR 117.3]",
    "CR 502.9",
    "rules 702.19 and 702.20",
    "Comprehensive Rules (510.1c)",
    "CR 702.999",
)
_QUOTES = (
    "excess damage",
    "Trample is a static ability",
    "the active player receives priority",
    "Trample over planeswalkers is a variant of trample",
)
# Names written with a citation, judged against the rule's titles: its own, and another's.
_NAMED = (
    "// CR 702.19b: Trample",
    "// Delve (CR 702.66)",
    "// CR 702.50: Delve",
    "// CR 701.21a: Sacrifice a creature",
    "// CR 704.5j legend rule",
    "// CR 603.10a + CR 607.2a: leaves-the-battlefield abilities look back in time",
)
_CODE_WORDS = (
    "let",
    "mut",
    "self",
    "return",
    "match",
    "struct",
    "impl",
    "create",
    "screen",
    "record",
    "describe",
    "rules",
    "rule",
    "card",
    "player",
    "combat",
    "damage",
    "trample",
    "priority",
    "layer",
    "stack",
    "crate",
    "scroll",
    "increment",
)


def write_source_tree(
    folder: Path, target_mb: int = CITATION_TREE_MB, seed: int = 20260807
) -> tuple[int, int]:
    """About ``target_mb`` MB of Rust, Python and Markdown files, 40 to a folder, with a
    citation about every 200 lines, among versions, dates, URLs and words with "cr" and
    "rule" in them; a git work tree when git is installed (lint-citations asks git for its
    files). Returns (files, bytes)."""
    rng = random.Random(seed)

    def line() -> str:
        words = " ".join(rng.choices(_CODE_WORDS, k=rng.randint(2, 9)))
        kind = rng.random()
        if kind < 0.004:
            return f"    // {rng.choice(_CITED)}: {words}"
        if kind < 0.005:  # a quote, right or moved: judged verbatim
            return f'    // {rng.choice(_CITED)}: "{rng.choice(_QUOTES)}"'
        if kind < 0.006:  # a name: the rule's own title, or another's
            return f"    {rng.choice(_NAMED)}"
        if kind < 0.25:
            return f"    # {words} (v1.{rng.randint(0, 9)}.{rng.randint(0, 99)}, 2024-06-07)"
        if kind < 0.27:
            return f"    // https://example.com/rules/{rng.randint(100, 999)}.{rng.randint(1, 99)}"
        return f'    {words}({rng.randint(0, 9999)}, "{rng.choice(_CODE_WORDS)}");'

    pool = [line() for _ in range(20_000)]
    files = written = 0
    while written < target_mb * 1_000_000:
        text = "\n".join(rng.choices(pool, k=rng.randint(200, 1200))) + "\n"
        path = folder / f"pkg{files // 40:03d}" / f"mod{files % 40:02d}{rng.choice(_SUFFIXES)}"
        path.parent.mkdir(parents=True, exist_ok=True)
        written += path.write_bytes(text.encode("utf-8"))
        files += 1
    subprocess.run(["git", "init", "-q", str(folder)], check=False, capture_output=True)
    return files, written


_SUFFIXES = (".rs", ".py", ".md")
# grep's ERE of the built-in pattern's keyword and first number (case-insensitive).
_GREP_PATTERN = (
    r"(^|[^[:alnum:]_])(cr|rules?)([ \t]+\(?|[ \t]*:[ \t]*)?"
    r"[1-9][0-9]{2}(\.[0-9]{1,3}[a-z]{0,2})?"
)


def bench_lint_citations(head_db: URL, folder: Path) -> list[Row]:
    """``rulesdb lint-citations TREE`` in process beside ``grep -rniE`` of the same pattern
    over the same tree (a process: grep's start-up is a millisecond)."""
    import contextlib
    import io
    import shutil

    from rulesdb.cli import main as cli_main

    tree = folder / "source-tree"
    files, size = write_source_tree(tree)
    url = head_db.render_as_string(hide_password=False)
    found = io.StringIO()

    def lint(*extra: str) -> None:
        found.seek(0)
        found.truncate()
        with (
            contextlib.redirect_stdout(found),
            contextlib.redirect_stderr(io.StringIO()),
            contextlib.suppress(SystemExit),
        ):
            cli_main(["--db", url, "lint-citations", str(tree), "--all", "--quiet", *extra])

    name = (
        f"lint-citations, {size / 1e6:.0f} MB of source ({files:,} files), whole command in process"
    )
    if shutil.which("grep") is None:
        ours = median_ns(lint, runs=3, warmups=1)
        return [
            Row(
                name,
                f"{size / ours * 1e3:,.0f} MB/s",
                "no grep",
                None,
                ">= 50 MB/s",
                size / ours * 1e3 >= 50,
            )
        ]
    grep = ["grep", "-rniE", _GREP_PATTERN, str(tree)]
    ours, base = paired_medians(
        lint, lambda: subprocess.run(grep, capture_output=True), runs=3, warmups=1
    )
    rate, base_rate = size / ours * 1e3, size / base * 1e3  # bytes/ns * 1e3 = MB/s
    citations = len(found.getvalue().splitlines())
    # The quotes' and descriptions' cost: the same command with --no-quotes, same run.
    quoted, numbers = paired_medians(lint, lambda: lint("--no-quotes"), runs=3, warmups=0)
    return [
        Row(
            name,
            f"{rate:,.0f} MB/s ({citations:,} citations)",
            f"{base_rate:,.0f} MB/s grep -rniE of the same pattern",
            base / ours,
            ">= 50 MB/s",
            rate >= 50,
        ),
        Row(
            "lint-citations, names, quotes and descriptions judged (default)",
            f"{size / quoted * 1e3:,.0f} MB/s",
            f"{size / numbers * 1e3:,.0f} MB/s the same tree with --no-quotes",
            numbers / quoted,
            "information",
            None,
        ),
    ]


def bench_check(head_db: URL) -> tuple[list[Row], list[str]]:
    url = head_db.render_as_string(hide_password=False)
    check = [sys.executable, "-m", "rulesdb", "--db", url, "check", "Merfolk", "--format", "json"]
    sqla = [sys.executable, "-c", "import sqlalchemy"]

    def run(argv: list[str]) -> Callable[[], None]:
        return lambda: subprocess.run(argv, check=True, capture_output=True)

    ours, base = paired_medians(run(check), run(sqla), runs=9, warmups=2)
    bare = median_ns(run([sys.executable, "-c", "pass"]), runs=9)
    ratio = ours / base
    rows = [
        Row(
            "rulesdb check Merfolk (process, SQLite at head)",
            seconds(ours),
            f"{seconds(base)} python -c 'import sqlalchemy'",
            ratio,
            "<= 1.5x",
            ratio <= 1.5,
        ),
        Row("  (python -c pass, for scale)", seconds(bare), "-", None, "(information)", None),
    ]
    # `import rulesdb` alone: its public names load on first use (module __getattr__), so a
    # program that imports it pays for what it asks, not for the package: about the typing
    # module its __init__ imports.
    imported, typing_alone = paired_medians(
        run([sys.executable, "-c", "import rulesdb"]),
        run([sys.executable, "-c", "import typing"]),
        runs=9,
    )
    rows.append(
        Row(
            "  python -c 'import rulesdb'",
            seconds(imported),
            f"{seconds(typing_alone)} python -c 'import typing'",
            imported / typing_alone,
            "<= 1.25x",
            imported / typing_alone <= 1.25,
        )
    )
    traced = subprocess.run(
        [sys.executable, "-X", "importtime", *check[1:]], capture_output=True, text=True, check=True
    )
    modules = sorted(
        {
            line.rsplit("|", 1)[1].strip()
            for line in traced.stderr.splitlines()
            if line.startswith("import time:") and line.count("|") == 2
        }
    )
    no_alembic = not any(m == "alembic" or m.startswith("alembic.") for m in modules)
    rows.append(
        Row(
            "  alembic not imported by `check`",
            "not imported" if no_alembic else "IMPORTED",
            "-",
            None,
            "not imported",
            no_alembic,
        )
    )
    return rows, modules


def module_summary(modules: list[str]) -> str:
    """rulesdb's own modules and the installed distributions' packages; the rest (standard
    library, interpreter start-up) only counted."""
    from importlib.metadata import packages_distributions

    installed = packages_distributions()
    ours = [m for m in modules if m.split(".")[0] == "rulesdb"]
    others: dict[str, int] = {}
    for module in modules:
        top = module.split(".")[0]
        if top in installed and top != "rulesdb":
            others[top] = others.get(top, 0) + 1
    third = ", ".join(f"{top} ({n})" for top, n in sorted(others.items()))
    rest = len(modules) - len(ours) - sum(others.values())
    return (
        f"{', '.join(ours)}\n  third-party (modules): {third}\n"
        f"  standard library and start-up: {rest} modules"
    )


def _cpu_model() -> str:
    try:
        for line in Path("/proc/cpuinfo").read_text().splitlines():
            if line.startswith("model name"):
                return line.split(":", 1)[1].strip()
    except OSError:
        pass
    return "unknown CPU"


def markdown_page(rows: list[Row], arguments: str) -> str:
    """The docs' benchmarks page: the machine and the date, then the table as printed."""

    def cell(text: str) -> str:
        return text.replace("|", "\\|")

    lines = [
        "# Benchmarks",
        "",
        "Written by `python bench/run.py --markdown docs/benchmarks.md` "
        "(`bench/run.py`: every figure a median after warm-ups, beside a baseline measured "
        "in the same run; `--strict` exits 1 when a target is missed).",
        "",
        f"Measured {date.today().isoformat()} with `bench/run.py {arguments}` on "
        f"{os.cpu_count()} CPUs ({_cpu_model()}), Python {sys.version.split()[0]}, "
        f"SQLite {sqlite3.sqlite_version}.",
        "",
        "| benchmark | figure | baseline (same run) | ratio | target | result |",
        "|---|---|---|---|---|---|",
    ]
    for r in rows:
        ratio = "-" if r.ratio is None else f"{r.ratio:.2f}×"
        result = "-" if r.ok is None else ("PASS" if r.ok else "MISS")
        lines.append(
            f"| {cell(r.name)} | {cell(r.figure)} | {cell(r.baseline)} | {ratio} | "
            f"{cell(r.target)} | {result} |"
        )
    lines += [
        "",
        "## What the rows compare",
        "",
        "- A whole command also starts Python and imports rulesdb, SQLAlchemy and Alembic, "
        "which the `sqlite3` or `psql` process does not; in process, the upgrade is "
        "compared with restoring the same dump in process.",
        "- `v.parse` remembers each distinct line, so warm it is a dictionary look-up, "
        "faster than splitting the line; the first pass parses each distinct line once.",
        "- `rulesdb check` imports click, SQLAlchemy Core and rulesdb's CLI modules; not "
        "Alembic, not the ORM.",
        "- Targets assume a 2-core machine; the machine's own speed drifts over a day, so "
        "read each figure beside its baseline of the same run.",
    ]
    return "\n".join(lines) + "\n"


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--strict", action="store_true", help="exit 1 if a target is missed")
    parser.add_argument(
        "--only",
        choices=[
            "lint-cards",
            "lint-citations",
            "upgrade",
            "web-load",
            "bounds",
            "fix",
            "lineage",
            "changes",
            "first-answer",
            "mcp",
            "check",
        ],
        help="run only these benchmarks (lint-cards, lint-citations: the head "
        "database is still built)",
    )
    parser.add_argument(
        "--markdown",
        type=Path,
        metavar="FILE",
        help="also write the table as the docs' benchmarks page",
    )
    args = parser.parse_args()
    started = time.perf_counter()
    print(
        f"rulesdb benchmarks: Python {sys.version.split()[0]}, {os.cpu_count()} CPUs, "
        "medians after warm-ups",
        flush=True,
    )
    with tempfile.TemporaryDirectory(prefix="rulesdb-bench-") as folder:
        databases = Databases(Path(folder))
        try:
            if args.only == "lint-cards":
                head_db = databases.sqlite_head()
                rows, modules = bench_lint_cards(head_db, Path(folder)), []
                rows += bench_lint_mtgjson(head_db, Path(folder))
            elif args.only == "lint-citations":
                rows, modules = bench_lint_citations(databases.sqlite_head(), Path(folder)), []
            elif args.only == "upgrade":
                rows, modules = bench_upgrade(databases)[0], []
            elif args.only == "lineage":
                rows, modules = bench_lineage(), []
            elif args.only == "changes":
                rows, modules = bench_changes(databases.sqlite_head()), []
            elif args.only == "web-load":
                from bench.web_load import bench_web_load

                rows, modules = bench_web_load(Path(folder)), []
            elif args.only == "first-answer":
                from bench.first_answer import bench_first_answer

                rows, modules = bench_first_answer(Path(folder)), []
            elif args.only == "mcp":
                from bench.assistant import bench_mcp

                head = databases.sqlite_head().render_as_string(hide_password=False)
                rows, modules = bench_mcp(head), []
            elif args.only == "check":
                rows, modules = bench_check(databases.sqlite_head())
            elif args.only == "bounds":
                from bench.bounds import bench_bounds

                head = databases.sqlite_head().render_as_string(hide_password=False)
                rows, modules = bench_bounds(Path(folder), head), []
            elif args.only == "fix":
                from bench.bounds import bench_fix

                head = databases.sqlite_head().render_as_string(hide_password=False)
                rows, modules = bench_fix(Path(folder), head), []
            else:
                rows = bench_import()
                upgrade_rows, heads = bench_upgrade(databases)
                head_db = heads["sqlite"]
                rows += upgrade_rows
                rows += bench_rulebook(heads)
                rows += bench_changes(head_db)
                rows += bench_sqlite_size(head_db)
                rows += bench_lineage()
                rows += bench_rulebook_export(head_db)
                rows += bench_vocabulary(head_db)
                check_rows, modules = bench_check(head_db)
                rows += check_rows
                rows += bench_lint_cards(head_db, Path(folder))
                rows += bench_lint_mtgjson(head_db, Path(folder))
                rows += bench_lint_citations(head_db, Path(folder))
                from bench.assistant import bench_mcp
                from bench.bounds import bench_bounds
                from bench.web_load import bench_web_load

                rows += bench_mcp(head_db.render_as_string(hide_password=False))
                rows += bench_web_load(Path(folder))
                from bench.first_answer import bench_first_answer

                rows += bench_first_answer(Path(folder))
                rows += bench_bounds(Path(folder), head_db.render_as_string(hide_password=False))
        finally:
            databases.close()
    print()
    print_table(rows)
    print()
    if modules:
        print(f"`rulesdb check Merfolk` imports (-X importtime): {module_summary(modules)}")
    print(f"\ntotal {time.perf_counter() - started:.0f} s")
    if args.markdown:
        args.markdown.write_text(markdown_page(rows, " ".join(sys.argv[1:])), encoding="utf-8")
    missed = [r.name for r in rows if r.ok is False]
    if missed:
        print(f"MISSED: {'; '.join(missed)}")
    return 1 if missed and args.strict else 0


if __name__ == "__main__":
    sys.exit(main())
