"""rulesdb benchmarks: every figure beside a baseline measured in the same run.

    python bench/run.py            # about a minute; prints one table
    python bench/run.py --strict   # exit status 1 if any target is missed
    python bench/run.py --only upgrade   # the upgrade-from-empty rows alone
    python bench/run.py --only lint-citations   # lint-citations over a 100 MB source tree
    python bench/run.py --only web-load   # rulesdb serve beside datasette, 32 clients (45 s)
    python bench/run.py --only web-heavy   # 20 clients asking distinct heavy pages (60 s)
    python bench/run.py --only first-answer   # the first command after pip install (30 s)
    python bench/run.py --only bounds   # each hostile input of the bounds issue, as it ends now
    python bench/run.py --only sql-pg   # sql making a value past the bound on PostgreSQL
    python bench/run.py --only crafted   # inspect, new-release of crafted CR files (#52)
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
import os
import sqlite3
import subprocess
import sys
import tempfile
import time
from collections.abc import Callable
from datetime import date
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))  # run from a checkout without installing

from sqlalchemy.engine import URL  # noqa: E402

from bench.cards import bench_lint_cards, bench_lint_mtgjson  # noqa: E402
from bench.citations import bench_lint_citations  # noqa: E402
from bench.crafted import bench_crafted  # noqa: E402
from bench.library import (  # noqa: E402
    bench_changes,
    bench_import,
    bench_lineage,
    bench_rulebook,
    bench_rulebook_export,
    bench_sqlite_size,
    bench_vocabulary,
)
from bench.table import Row, median_ns, paired_medians, print_table, seconds  # noqa: E402
from bench.upgrade import Databases, bench_upgrade  # noqa: E402
from tests.settings import CR_DIR as CR_FOLDER  # noqa: E402
from tests.settings import folder  # noqa: E402

CR_DIR = folder(CR_FOLDER)
CR_FILE = "MagicCompRules-20260807.txt"
TYPE_LINES = 30_000
BASICS = ("Plains", "Island", "Swamp", "Mountain", "Forest")


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
            "web-heavy",
            "bounds",
            "sql-pg",
            "crafted",
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
            elif args.only == "web-heavy":
                from bench.web_heavy import bench_web_heavy

                rows, modules = bench_web_heavy(Path(folder)), []
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
                from bench.sql_pg import bench_sql_pg

                head = databases.sqlite_head().render_as_string(hide_password=False)
                rows, modules = bench_bounds(Path(folder), head), []
                rows += bench_sql_pg(databases)
                rows += bench_crafted(Path(folder))
            elif args.only == "sql-pg":
                from bench.sql_pg import bench_sql_pg

                rows, modules = bench_sql_pg(databases), []
            elif args.only == "crafted":
                rows, modules = bench_crafted(Path(folder)), []
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
                from bench.sql_pg import bench_sql_pg
                from bench.web_load import bench_web_load

                rows += bench_mcp(head_db.render_as_string(hide_password=False))
                rows += bench_web_load(Path(folder))
                from bench.web_heavy import bench_web_heavy

                rows += bench_web_heavy(Path(folder))
                from bench.first_answer import bench_first_answer

                rows += bench_first_answer(Path(folder))
                rows += bench_bounds(Path(folder), head_db.render_as_string(hide_password=False))
                rows += bench_sql_pg(databases)
                rows += bench_crafted(Path(folder))
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
