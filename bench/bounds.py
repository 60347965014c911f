"""What each hostile input of the bounds issue costs now: wall time, peak memory and how the
process ended, beside an ordinary input of the same command measured in the same run.

    python -m bench.bounds URL     # URL: a head database (SQLite); prints its rows
    python bench/run.py --only bounds

Every input is generated here, in a throwaway folder, and every case is a fresh
``rulesdb`` process whose own peak RSS (VmHWM, read at its exit) is reported: a forked
child's rusage would count the parent too.
"""

from __future__ import annotations

import json
import os
import random
import subprocess
import sys
import tempfile
import time
import zipfile
from collections.abc import Callable
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))  # run from a checkout without installing

from bench.table import Row, print_table  # noqa: E402
from tests.support.bounded import MEASURED, PEAK_FILE  # noqa: E402

HANG = 120  # seconds: a case still running then is reported as hung
CR_FILE = ROOT.parent / "shared" / "cr" / "MagicCompRules-20240607.txt"


def run(*args: str, env: dict[str, str] | None = None) -> str:
    """``rulesdb ARGS`` as a fresh process: "exit N, T s, M MB" (or "hung")."""
    return _run(*args, env=env)[0]


def _run(*args: str, env: dict[str, str] | None = None) -> tuple[str, int]:
    """:func:`run`, and the peak in MB apart (0 when hung)."""
    with tempfile.TemporaryDirectory() as folder:
        peak_file = Path(folder) / "peak"
        env = {**os.environ, **(env or {}), PEAK_FILE: str(peak_file)}
        start = time.perf_counter()
        try:
            done = subprocess.run(
                [sys.executable, "-c", MEASURED, *args],
                env=env,
                stdin=subprocess.DEVNULL,
                stdout=subprocess.DEVNULL,
                stderr=subprocess.PIPE,
                timeout=HANG,
            )
        except subprocess.TimeoutExpired:
            return f"hung past {HANG} s", 0
        seconds = time.perf_counter() - start
        peak = int(peak_file.read_text()) // 1024 if peak_file.exists() else 0
        lines = len(done.stderr.splitlines())
        return f"exit {done.returncode}, {seconds:.2f} s, {peak} MB" + (
            "" if lines <= 1 else f", {lines} lines on stderr"
        ), peak


def run_tool(*argv: str) -> str:
    """Another program (a baseline) as a process: "exit N, T s, M MB", its peak RSS as
    GNU time reports it. Not wait4's rusage here: a child's peak counts the memory of the
    process it was forked from (this one, with a database open) until it execs."""
    with tempfile.TemporaryDirectory() as folder:
        report = Path(folder) / "time"
        timed = ["/usr/bin/time", "-o", str(report), "-f", "%e %M"] if TIMER.exists() else []
        start = time.perf_counter()
        done = subprocess.run(
            [*timed, *argv],
            stdin=subprocess.DEVNULL,
            stdout=subprocess.DEVNULL,
            stderr=subprocess.DEVNULL,
            check=False,
        )
        seconds = time.perf_counter() - start
        if not timed:
            return f"exit {done.returncode}, {seconds:.2f} s (no /usr/bin/time: memory unmeasured)"
        elapsed, kib = report.read_text().split()[-2:]
        return f"exit {done.returncode}, {float(elapsed):.2f} s, {int(kib) // 1024} MB"


TIMER = Path("/usr/bin/time")
FIX_MB = 400  # the file --fix rewrites (issue #50: 2.3 GB before)


def bench_fix(folder: Path, head_url: str) -> list[Row]:
    """``lint-citations --fix`` (and ``--diff``) of a 400 MB file with one citation, beside
    the same run without ``--fix``, ``cp`` of the file and ``grep -c`` of the citation."""
    big = folder / "fix400.rs"
    line = b"just words, no citation in them at all\n"
    with big.open("wb") as out:
        for i in range(FIX_MB):
            out.write(line * (2**20 // len(line)))
            if i == FIX_MB // 2:
                out.write(b"// CR 310.8b: the rule of 2026-06-19\n")
    args = ["--db", head_url, "lint-citations", str(big), "--since", "2026-06-19"]
    args += ["--as-of", "2026-08-07"]
    scanned = run(*args)
    copy = folder / "copy.rs"
    copied = run_tool("cp", str(big), str(copy))
    copy.unlink()
    counted = run_tool("grep", "-c", "CR 310.8b", str(big))
    baseline = f"without --fix: {scanned}; cp: {copied}; grep -c: {counted}"
    diffed, diff_peak = _run(*args, "--fix", "--diff")
    fixed, fix_peak = _run(*args, "--fix")
    big.unlink()
    return [
        Row(
            f"lint-citations --fix, a {FIX_MB} MB file, one citation (before: 2.3 GB)",
            fixed,
            baseline,
            None,
            "exit 0, < 100 MB",
            fixed.startswith("exit 0,") and 0 < fix_peak < 100,
        ),
        Row(
            f"  lint-citations --fix --diff, the same {FIX_MB} MB file",
            diffed,
            baseline,
            None,
            "exit 1, < 100 MB",
            diffed.startswith("exit 1,") and 0 < diff_peak < 100,
        ),
    ]


def _docx(path: Path, head: bytes, middle: bytes, tail: bytes, repeat: int = 1) -> Path:
    with (
        zipfile.ZipFile(path, "w", zipfile.ZIP_DEFLATED, compresslevel=9) as archive,
        archive.open("word/document.xml", "w", force_zip64=True) as member,
    ):
        member.write(head)
        for _ in range(repeat):
            member.write(middle)
        member.write(tail)
    return path


W = b'xmlns:w="http://schemas.openxmlformats.org/wordprocessingml/2006/main"'


def inputs(folder: Path) -> dict[str, Callable[[], Path]]:
    """The hostile files, each made when its case runs."""

    def wide_value() -> Path:
        import sqlite3

        path = folder / "wide.sqlite3"
        if path.exists():  # made for the case before
            return path
        with sqlite3.connect(path) as connection:
            connection.execute("CREATE TABLE w (v TEXT)")
            connection.execute("INSERT INTO w VALUES (?)", ("x" * 40_000_000,))
        connection.close()
        return path

    def fifo(name: str) -> Path:
        path = folder / name
        os.mkfifo(path)
        return path

    def zero(name: str) -> Path:
        path = folder / name
        path.symlink_to("/dev/zero")
        return path

    def bomb() -> Path:
        paragraphs = b"<w:p><w:r><w:t>100.1. x</w:t></w:r></w:p>" * 25_000
        return _docx(
            folder / "bomb.docx",
            b"<w:document " + W + b"><w:body>",
            paragraphs,
            b"</w:body></w:document>",
            repeat=300,
        )

    def deep_docx() -> Path:
        ids = random.Random(7)
        opening = b"".join(b'<w:sdt w:id="%08x">' % ids.getrandbits(32) for _ in range(20_000))
        return _docx(
            folder / "deep.docx",
            b"<w:document " + W + b">" + opening,
            b"</w:sdt>" * 20_000,
            b"</w:document>",
        )

    def deep_rtf() -> Path:
        path = folder / "deep.rtf"
        path.write_bytes(b"{\\rtf1 " + b"{" * 100_000 + b"x" + b"}" * 100_000 + b"}")
        return path

    def deep_json() -> Path:
        path = folder / "deep.json"
        path.write_bytes(b"[" * 100_000 + b"]" * 100_000)
        return path

    def long_type_line() -> Path:
        path = folder / "long.jsonl"
        with path.open("w") as out:
            out.write('{"object": "card", "name": "Long", "set": "s", "type_line": "')
            for _ in range(500):
                out.write("x" * 2**20)
            out.write('"}\n')
        return path

    def deep_tree() -> Path:
        root = deepest = folder / "deep"
        for _ in range(1501):  # a folder at a time: mkdir(parents=True) recurses
            deepest.mkdir()
            deepest /= "d"
        (deepest.parent / "x.rs").write_text("// CR 702.19\n")
        return root

    def written(name: str, write: Callable[[Any], object], mode: str = "w") -> Path:
        path = folder / name
        with path.open(mode) as out:
            write(out)
        return path

    def flat_docx() -> Path:
        ids = random.Random(7)
        middle = b"".join(b'<w:x w:id="%08x"/>' % ids.getrandbits(32) for _ in range(3_000_000))
        return _docx(
            folder / "flat.docx",
            b"<w:document " + W + b"><w:body>",
            middle,
            b"</w:body></w:document>",
        )

    def ignored() -> Path:
        (folder / "repo" / "build").mkdir(parents=True)
        (folder / "repo" / "build" / "x.rs").write_text("// CR 702.19\n")
        (folder / "repo" / ".gitignore").write_text("build/\n")
        subprocess.run(["git", "init", "-q", str(folder / "repo")], check=True)
        return folder / "repo" / "build"

    card = '{"object": "card", "name": "n", "set": "s", "type_line": "%s"}\n'
    return {
        "fifo.json": lambda: fifo("x.json"),
        "fifo.txt": lambda: fifo("x.txt"),
        "words.txt": lambda: written(
            "words.txt", lambda out: out.write("Goblin " * 300_000 + "\n")
        ),
        "near.jsonl": lambda: written(
            "near.jsonl",
            lambda out: [out.write(card % ("Elf " * (4 * 2**20 - 10))) for _ in range(20)],
        ),
        "deep": deep_tree,
        "line.txt": lambda: written("line.txt", lambda out: out.write("CR 702.19 " * 10**6)),
        "big.txt": lambda: written(
            "big.txt",
            lambda out: [
                out.write("just words, no citation in them at all\n" * 26_000) for _ in range(1024)
            ],
        ),
        "x4k.txt": lambda: written("x4k.txt", lambda out: out.write("x" * 4096)),
        "ignored": ignored,
        "flat.docx": flat_docx,
        "fifo.docx": lambda: fifo("x.docx"),
        "fifo.rtf": lambda: fifo("x.rtf"),
        "zero.docx": lambda: zero("zero.docx"),
        "zero.rtf": lambda: zero("zero.rtf"),
        "bomb.docx": bomb,
        "deep.docx": deep_docx,
        "deep.rtf": deep_rtf,
        "deep.json": deep_json,
        "long.jsonl": long_type_line,
        "surrogate.json": lambda: written(
            "surrogate.json",
            lambda out: out.write(
                '[{"object":"card","name":"A","set":"x","type_line":"Creature \\ud800 Elf"},'
                '{"object":"card","name":"B","set":"x","type_line":{"a":1}}]'
            ),
        ),
        "wide.sqlite3": wide_value,
    }


def bench_bounds(folder: Path, head_url: str) -> list[Row]:
    made = inputs(folder)
    cards = folder / "cards.jsonl"
    cards.write_text(
        json.dumps(
            {
                "object": "card",
                "name": "Llanowar Elves",
                "set": "dom",
                "type_line": "Creature — Elf Druid",
            }
        )
        + "\n"
    )
    wide = (
        "WITH RECURSIVE n(i) AS (SELECT 1 UNION ALL SELECT i + 1 FROM n WHERE i < 10000) "
        "SELECT i, hex(zeroblob(100000)) AS wide FROM n"
    )
    wide_table = (
        "WITH RECURSIVE n(i) AS (SELECT 1 UNION ALL SELECT i + 1 FROM n WHERE i < 1000) "
        "SELECT i, hex(zeroblob(250000)) AS wide FROM n"
    )
    source = folder / "ordinary.rs"
    source.write_text("// Trample: CR 702.19b; layers: rule 613.1a\n" * 1000)
    citations_baseline = run("--db", head_url, "lint-citations", str(source))
    inspect_baseline = run("inspect", str(CR_FILE)) if CR_FILE.exists() else "no CR file"
    lint_baseline = run("--db", head_url, "lint-cards", str(cards))
    sql_baseline = run("--db", head_url, "sql", "SELECT count(*) FROM rule_span")
    rule_baseline = run("--db", head_url, "rule", "702.19")
    cases = [
        # (name, what the issue measured before, the command, the baseline)
        ("inspect a FIFO named x.docx", "hung", ["inspect", "fifo.docx"], inspect_baseline),
        ("inspect a FIFO named x.rtf", "hung", ["inspect", "fifo.rtf"], inspect_baseline),
        ("inspect x.docx -> /dev/zero", "6 GB", ["inspect", "zero.docx"], inspect_baseline),
        ("inspect x.rtf -> /dev/zero", "6 GB", ["inspect", "zero.rtf"], inspect_baseline),
        (
            "inspect a .docx zip bomb (300 MB of paragraphs)",
            "66 s, 5 GB",
            ["inspect", "bomb.docx"],
            inspect_baseline,
        ),
        (
            "inspect a .docx nested 20,000 deep",
            "> 90 s",
            ["inspect", "deep.docx"],
            inspect_baseline,
        ),
        ("inspect an .rtf nested 100,000 deep", "-", ["inspect", "deep.rtf"], inspect_baseline),
        (
            "lint-cards, JSON nested 100,000 deep",
            "traceback",
            ["--db", head_url, "lint-cards", "deep.json"],
            lint_baseline,
        ),
        (
            "lint-cards, a 500 MB type line",
            "6 GB",
            ["--db", head_url, "lint-cards", "long.jsonl"],
            lint_baseline,
        ),
        (
            "sql randomblob(900000000)",
            "900 MB",
            ["--db", head_url, "sql", "SELECT length(randomblob(900000000))"],
            sql_baseline,
        ),
        (
            "sql printf('%.*c', 2147483647, 'x')",
            "20 s, 1 GB",
            ["--db", head_url, "sql", "SELECT length(printf('%.*c', 2147483647, 'x'))"],
            sql_baseline,
        ),
        (
            "sql 10,000 rows x 200 KB as CSV, --timeout 30",
            "43-48 s, 1.3-4.2 GB",
            ["--db", head_url, "sql", wide, "--format", "csv"],
            sql_baseline,
        ),
        (
            "rule 702. and 5,000 digits",
            "traceback",
            ["--db", head_url, "rule", "702." + "1" * 5000],
            rule_baseline,
        ),
        (
            "inspect a flat .docx, 3 million siblings",
            "21-32 s, 1.4-2.1 GB",
            ["inspect", "flat.docx"],
            inspect_baseline,
        ),
        (
            "lint-cards a FIFO named x.json",
            "hung",
            ["--db", head_url, "lint-cards", "fifo.json"],
            lint_baseline,
        ),
        (
            "lint-cards a FIFO named x.txt",
            "hung",
            ["--db", head_url, "lint-cards", "fifo.txt"],
            lint_baseline,
        ),
        (
            "lint-cards a 2 MB type line of words",
            "10 s, 1.5 GB",
            ["--db", head_url, "lint-cards", "words.txt"],
            lint_baseline,
        ),
        (
            "lint-cards 20 JSON lines of 16 MB",
            "2.5 GB, MemoryError",
            ["--db", head_url, "lint-cards", "near.jsonl"],
            lint_baseline,
        ),
        (
            "lint-citations a tree 1,500 folders deep",
            "RecursionError",
            ["--db", head_url, "lint-citations", "deep"],
            citations_baseline,
        ),
        (
            "lint-citations one 10 MB line of 1 million citations",
            "520 s",
            ["--db", head_url, "lint-citations", "line.txt"],
            citations_baseline,
        ),
        (
            "lint-citations a 1 GB text file, no citation",
            "2.1 GB",
            ["--db", head_url, "lint-citations", "big.txt"],
            citations_baseline,
        ),
        (
            "lint-citations --pattern (x+x+)+y on 4 KB",
            "hung",
            ["--db", head_url, "lint-citations", "x4k.txt", "--pattern", "(?P<number>(x+x+)+y)"],
            citations_baseline,
        ),
        (
            "lint-citations a folder git ignores (a warning)",
            "exit 0, silent",
            ["--db", head_url, "lint-citations", "ignored"],
            citations_baseline,
        ),
        (
            "sql 1,000 rows x 500 KB as a table",
            "2.0 GB",
            ["--db", head_url, "sql", wide_table, "--format", "table"],
            sql_baseline,
        ),
        (
            "sql one row of ten 50 MB values as JSON (SQLite)",
            "2.4 GB, traceback",
            [
                "--db",
                head_url,
                "sql",
                "SELECT " + ", ".join(f"zeroblob(50000000) AS c{i}" for i in range(10)),
                "--format",
                "json",
            ],
            sql_baseline,
        ),
        # issue #52
        (
            "lint-cards, a lone surrogate and an object as type line (#52)",
            "traceback",
            ["--db", head_url, "lint-cards", "surrogate.json"],
            lint_baseline,
        ),
        (
            "sql one 40 MB value, CSV (#52)",
            "8.3 s, 435 MB",
            ["--db", "sqlite:///wide.sqlite3", "sql", "SELECT v FROM w", "--format", "csv"],
            sql_baseline,
        ),
        (
            "sql one 40 MB value, JSON (#52)",
            "3.6 s, 240 MB",
            ["--db", "sqlite:///wide.sqlite3", "sql", "SELECT v FROM w", "--format", "json"],
            sql_baseline,
        ),
        (
            "glossary a 100 KB term (#52)",
            "the term echoed whole",
            ["--db", head_url, "glossary", "q" * 100_000],
            rule_baseline,
        ),
    ]
    rows = [
        Row(
            "bounds: ordinary inputs (the baselines below)",
            f"inspect a CR .txt: {inspect_baseline}",
            f"lint-cards 1 card: {lint_baseline}; sql count(*): {sql_baseline}; "
            f"rule 702.19: {rule_baseline}; lint-citations 2,000 citations: "
            f"{citations_baseline}",
            None,
            "(information)",
            None,
        )
    ]
    for name, before, command, baseline in cases:
        args = [_made(made, a) for a in command]
        figure = run(*args)
        rows.append(
            Row(
                f"  {name} (before: {before})",
                figure,
                baseline,
                None,
                "exit 2 or 0, one line",
                None,
            )
        )
    _remove_deep(folder / "deep")
    rows += bench_fix(folder, head_url)
    for root in ("/dev/zero", "/"):
        rows.append(
            Row(
                f"  RULESDB_DATA_ROOT={root} (before: traceback)",
                run("rule", "702.19", env={"RULESDB_DATA_ROOT": root}),
                rule_baseline,
                None,
                "exit 2, one line",
                None,
            )
        )
    return rows


def _made(made: dict[str, Callable[[], Path]], arg: str) -> str:
    """The argument, with an input's name (alone, or as a sqlite:/// URL's file) made."""
    if arg in made:
        return str(made[arg]())
    name = arg.removeprefix("sqlite:///")
    if name != arg and name in made:
        return f"sqlite:///{made[name]()}"
    return arg


def _remove_deep(root: Path) -> None:
    """The 1,500-deep tree, bottom-up: shutil.rmtree (the folder's clean-up) recurses."""
    deepest = root
    while (deepest / "d").is_dir():
        deepest /= "d"
    for file in deepest.iterdir():
        file.unlink()
    while deepest != root.parent:
        deepest.rmdir()
        deepest = deepest.parent


def main() -> int:
    if len(sys.argv) != 2:
        print("usage: python -m bench.bounds SQLITE_URL_OF_A_HEAD_DATABASE", file=sys.stderr)
        return 2
    with tempfile.TemporaryDirectory(prefix="rulesdb-bounds-") as folder:
        print_table(bench_bounds(Path(folder), sys.argv[1]))
    return 0


if __name__ == "__main__":
    sys.exit(main())
