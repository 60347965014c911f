"""lint-citations over a tree of source files, beside grep of the same pattern."""

from __future__ import annotations

import random
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))  # run from a checkout without installing

from sqlalchemy.engine import URL  # noqa: E402

from bench.table import Row, median_ns, paired_medians  # noqa: E402
from tests.settings import CR_DIR as CR_FOLDER  # noqa: E402
from tests.settings import folder  # noqa: E402

CR_DIR = folder(CR_FOLDER)
CR_FILE = "MagicCompRules-20260807.txt"
TYPE_LINES = 30_000
BASICS = ("Plains", "Island", "Swamp", "Mountain", "Forest")


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
