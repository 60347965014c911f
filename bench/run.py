"""rulesdb benchmarks: every figure beside a baseline measured in the same run.

    python bench/run.py            # about a minute; prints one table
    python bench/run.py --strict   # exit status 1 if any target is missed

Each figure is the median of repeated runs (``time.perf_counter_ns``) after warm-ups, printed
with a baseline taken on the same machine in the same run, the ratio of the two, its target
and PASS/MISS. Targets assume a 2-core machine. PostgreSQL figures use $RULESDB_TEST_PG
(default postgresql://postgres@127.0.0.1:5432/test), creating and dropping throwaway
databases; without a server those rows say so. The importer figure reads the official CR
files from ../shared/cr (or $RULESDB_CR_DIR).
"""

from __future__ import annotations

import argparse
import os
import random
import statistics
import subprocess
import sys
import tempfile
import time
import uuid
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))  # run from a checkout without installing

from sqlalchemy import Engine, create_engine, text  # noqa: E402
from sqlalchemy.engine import URL, make_url  # noqa: E402

from rulesdb.store import migrate  # noqa: E402
from rulesdb.store.engine import make_engine  # noqa: E402

CR_DIR = Path(os.environ.get("RULESDB_CR_DIR", ROOT.parent / "shared" / "cr"))
CR_FILE = "MagicCompRules-20260807.txt"
PG_URL = os.environ.get("RULESDB_TEST_PG", "postgresql+psycopg://postgres@127.0.0.1:5432/test")
TYPE_LINES = 30_000
BASICS = ("Plains", "Island", "Swamp", "Mountain", "Forest")


@dataclass
class Row:
    name: str
    figure: str
    baseline: str
    ratio: float | None
    target: str
    ok: bool | None  # None: information only


def median_ns(action: Callable[[], object], runs: int, warmups: int = 2) -> int:
    for _ in range(warmups):
        action()
    times = []
    for _ in range(runs):
        start = time.perf_counter_ns()
        action()
        times.append(time.perf_counter_ns() - start)
    return int(statistics.median(times))


def paired_medians(first: Callable[[], object], second: Callable[[], object], runs: int,
                   warmups: int = 2) -> tuple[int, int]:
    """Medians of two actions run alternately, so that machine noise hits both alike."""
    for _ in range(warmups):
        first()
        second()
    a, b = [], []
    for _ in range(runs):
        for action, times in ((first, a), (second, b)):
            start = time.perf_counter_ns()
            action()
            times.append(time.perf_counter_ns() - start)
    return int(statistics.median(a)), int(statistics.median(b))


def seconds(ns: float) -> str:
    return f"{ns / 1e9:.2f} s" if ns >= 1e8 else f"{ns / 1e6:.1f} ms"


# Importing one CR file


def bench_import() -> list[Row]:
    from rulesdb.ingest.extract import import_file

    path = CR_DIR / CR_FILE
    if not path.is_file():
        return [Row("import one CR file", "-", "-", None, "<= 10x", None)]

    def read_and_split() -> list[str]:
        return path.read_text(encoding="utf-8").splitlines()

    imported, baseline = paired_medians(lambda: import_file(path), read_and_split, runs=15)
    ratio = imported / baseline
    return [Row(f"import_file({CR_FILE})", seconds(imported),
                f"{seconds(baseline)} read+splitlines", ratio, "<= 10x", ratio <= 10)]


# Upgrading an empty database


class Databases:
    """Fresh empty databases on each backend, removed at the end."""

    def __init__(self, folder: Path) -> None:
        self.folder = folder
        self.admin: Engine | None = None
        self.created: list[URL] = []
        try:
            admin = create_engine(make_url(PG_URL).set(drivername="postgresql+psycopg"),
                                  isolation_level="AUTOCOMMIT")
            with admin.connect() as connection:
                connection.execute(text("SELECT 1"))
            self.admin = admin
        except Exception as exc:  # no server: the PostgreSQL rows say so
            self.pg_problem = str(exc).splitlines()[0]

    def new(self, backend: str) -> URL:
        name = f"rulesdb_bench_{uuid.uuid4().hex[:12]}"
        if backend == "sqlite":
            return URL.create("sqlite", database=str(self.folder / f"{name}.sqlite3"))
        assert self.admin is not None
        with self.admin.connect() as connection:
            connection.execute(text(f"CREATE DATABASE {name}"))
        url = self.admin.url.set(database=name)
        self.created.append(url)
        return url

    def close(self) -> None:
        if self.admin is None:
            return
        with self.admin.connect() as connection:
            for url in self.created:
                connection.execute(text(f"DROP DATABASE IF EXISTS {url.database} WITH (FORCE)"))
        self.admin.dispose()


def upgrade_ns(databases: Databases, backend: str, revision: str) -> int:
    engine = make_engine(databases.new(backend))
    try:
        start = time.perf_counter_ns()
        migrate.upgrade(engine, revision)
        return time.perf_counter_ns() - start
    finally:
        engine.dispose()


def bench_upgrade(databases: Databases) -> tuple[list[Row], URL]:
    chain = [revision for revision, _, _ in migrate.history()]
    # The baseline: the schema revisions that come before the first release (0001, 0002).
    schema = chain[chain.index(next(r for r in chain if r.startswith("cr_"))) - 1]
    rows = []
    head_db = databases.new("sqlite")
    migrate.upgrade(make_engine(head_db))  # warm-up (imports, revision files) and `check`'s DB
    for backend, limit, runs in (("sqlite", 3.0, 5), ("postgresql", 5.0, 3)):
        name = f"upgrade empty -> head, {backend}"
        if backend == "postgresql" and databases.admin is None:
            rows.append(Row(name, "no server", "-", None, f"< {limit:g} s", None))
            continue
        upgrade_ns(databases, backend, schema)  # warm-up (first connection, catalog caches)
        full = statistics.median(upgrade_ns(databases, backend, "head") for _ in range(runs))
        base = statistics.median(upgrade_ns(databases, backend, schema) for _ in range(runs))
        rows.append(Row(f"{name} ({len(chain)} revisions)", seconds(full),
                        f"{seconds(base)} up to {schema}", full / base, f"< {limit:g} s",
                        full < limit * 1e9))
    return rows, head_db


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
        from rulesdb.vocabulary.loader import clear_cache, vocabulary
    except ImportError:
        return [Row("vocabulary helper", "rulesdb.vocabulary.loader missing", "-", None, "-", None)]
    engine = make_engine(head_db)
    rows = []
    try:
        vocab = vocabulary(engine)
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
        rows.append(Row('v.is_subtype(name, "creature"), warm', f"{per_call:.0f} ns/call",
                        f"{per_base:.0f} ns frozenset `in`", ratio, "< 1 µs and <= 25x",
                        per_call < 1000 and ratio <= 25))

        card_words = [w for line in realistic_type_lines(vocab, 2000) for w in line.split()
                      if w != "—"]
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
        rows.append(Row("v.is_card_type(word), warm", f"{per_call:.0f} ns/call",
                        f"{base / len(card_words):.0f} ns frozenset `in`", ratio,
                        "< 1 µs and <= 25x", per_call < 1000 and ratio <= 25))

        lines = realistic_type_lines(vocab, TYPE_LINES)
        distinct = len(set(lines))
        clear_cache()
        fresh = vocabulary(engine)  # nothing parsed yet
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
        rows.append(Row(f"v.parse(line), warm ({len(lines):,} lines, {distinct:,} distinct)",
                        f"{rate:,.0f} lines/s", f"{base_rate:,.0f} lines/s str.split", ratio,
                        ">= 100,000/s and <= 10x", rate >= 100_000 and ratio <= 10))
        rows.append(Row("v.parse(line), first pass (each distinct line parsed once)",
                        f"{len(lines) / cold * 1e9:,.0f} lines/s", "-", None, "(information)",
                        None))
    finally:
        engine.dispose()
    return rows


# The command line


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
        Row("rulesdb check Merfolk (process, SQLite at head)", seconds(ours),
            f"{seconds(base)} python -c 'import sqlalchemy'", ratio, "<= 1.5x", ratio <= 1.5),
        Row("  (python -c pass, for scale)", seconds(bare), "-", None, "(information)", None),
    ]
    traced = subprocess.run([sys.executable, "-X", "importtime", *check[1:]],
                            capture_output=True, text=True, check=True)
    modules = sorted({line.rsplit("|", 1)[1].strip() for line in traced.stderr.splitlines()
                      if line.startswith("import time:") and line.count("|") == 2})
    no_alembic = not any(m == "alembic" or m.startswith("alembic.") for m in modules)
    rows.append(Row("  alembic not imported by `check`", "not imported" if no_alembic
                    else "IMPORTED", "-", None, "not imported", no_alembic))
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
    return (f"{', '.join(ours)}\n  third-party (modules): {third}\n"
            f"  standard library and start-up: {rest} modules")


def print_table(rows: list[Row]) -> None:
    header = ("benchmark", "figure", "baseline (same run)", "ratio", "target", "result")
    cells = [header] + [
        (r.name, r.figure, r.baseline, "-" if r.ratio is None else f"{r.ratio:.2f}x", r.target,
         "-" if r.ok is None else ("PASS" if r.ok else "MISS")) for r in rows]
    widths = [max(len(row[i]) for row in cells) for i in range(len(header))]
    for index, row in enumerate(cells):
        print("  ".join(cell.ljust(width) for cell, width in zip(row, widths, strict=True))
              .rstrip())
        if index == 0:
            print("  ".join("-" * width for width in widths))


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--strict", action="store_true", help="exit 1 if a target is missed")
    args = parser.parse_args()
    started = time.perf_counter()
    print(f"rulesdb benchmarks: Python {sys.version.split()[0]}, {os.cpu_count()} CPUs, "
          "medians after warm-ups", flush=True)
    with tempfile.TemporaryDirectory(prefix="rulesdb-bench-") as folder:
        databases = Databases(Path(folder))
        try:
            rows = bench_import()
            upgrade_rows, head_db = bench_upgrade(databases)
            rows += upgrade_rows
            rows += bench_vocabulary(head_db)
            check_rows, modules = bench_check(head_db)
            rows += check_rows
        finally:
            databases.close()
    print()
    print_table(rows)
    print()
    print(f"`rulesdb check Merfolk` imports (-X importtime): {module_summary(modules)}")
    print(f"\ntotal {time.perf_counter() - started:.0f} s")
    missed = [r.name for r in rows if r.ok is False]
    if missed:
        print(f"MISSED: {'; '.join(missed)}")
    return 1 if missed and args.strict else 0


if __name__ == "__main__":
    sys.exit(main())
