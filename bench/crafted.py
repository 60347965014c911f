"""Crafted CR files under the 20 MB cap (issue #52): `inspect` and `new-release` of each, as
fresh processes (wall time, their own peak RSS), beside the same commands on the newest
official file in the same run; then the largest files the bounds still accept.

    python bench/run.py --only crafted

Each file is the newest official .txt (re-dated to a day after the chain's head, so that
`new-release` appends it) with one thing grown: one rule line of 15 MB, 600,000 glossary
entries, a million rules numbered past 905.9999; the .rtf is the archived 2003-06-01 one with
1.2 million empty groups. `new-release` writes into a throwaway copy of the checkout's
migrations/ and seeds/.
"""

from __future__ import annotations

import random
import shutil
from collections.abc import Callable
from pathlib import Path

from bench.bounds import ROOT, _run
from bench.table import Row
from rulesdb.ingest import shape

SHARED = ROOT.parent / "shared"
NEWEST = SHARED / "cr" / "MagicCompRules-20260807.txt"
RTF = SHARED / "cr-archive" / "MagicCompRules-20030601.rtf"
EFFECTIVE = "These rules are effective as of "
TARGET_S, TARGET_MB = 10, 300


def _lines() -> list[str]:
    text = NEWEST.read_text(encoding="utf-8")
    return text.replace(f"{EFFECTIVE}August 7, 2026.", f"{EFFECTIVE}November 13, 2026.").split("\n")


def _at(lines: list[str], start: str) -> int:
    return next(i for i, line in enumerate(lines) if line.startswith(start))


def crafted(folder: Path) -> dict[str, Callable[[], Path]]:
    """name -> a function writing that file into ``folder``."""

    def write(name: str, lines: list[str]) -> Path:
        path = folder / name
        path.write_text("\n".join(lines), encoding="utf-8")
        return path

    def long_line() -> Path:
        lines = _lines()
        lines[_at(lines, "100.1a ")] += " word" * (15 * 2**20 // 5)
        return write("long_line.txt", lines)

    def glossary(entries: int, name: str) -> Path:
        lines = _lines()
        at = max(i for i, line in enumerate(lines) if line.strip() == "Glossary") + 2
        new = [p for n in range(entries) for p in (f"Term{n:06d}", f"Definition {n}.", "")]
        return write(name, lines[:at] + new + lines[at:])

    def numbered(rules: int, name: str) -> Path:
        lines = _lines()
        at = _at(lines, "905.6. ") + 2
        new = [p for n in range(10_000, 10_000 + rules) for p in (f"905.{n}. X.", "")]
        return write(name, lines[:at] + new + lines[at:])

    def wide() -> Path:
        """Rules of 19,500 characters of the CR's own words, to just under MAX_CHARS."""
        lines = _lines()
        words = "\n".join(lines).split()
        pick = random.Random(1)
        at = _at(lines, "905.6. ") + 2
        room = shape.MAX_CHARS - len("\n".join(lines)) - 20_000
        new = []
        for n in range(7, 7 + room // 19_520):
            text = " ".join(pick.choice(words) for _ in range(3_000))[:19_500]
            new += [f"905.{n}. {text}", ""]
        return write("wide.txt", lines[:at] + new + lines[at:])

    def flat_rtf() -> Path:
        data = RTF.read_bytes()
        end = data.rindex(b"}")
        path = folder / "flat.rtf"
        path.write_bytes(data[:end] + b"{}" * 1_200_000 + data[end:])
        return path

    return {
        "long_line.txt": long_line,
        "glossary.txt": lambda: glossary(600_000, "glossary.txt"),
        "flat.rtf": flat_rtf,
        "numbered.txt": lambda: numbered(1_000_000, "numbered.txt"),
        "wide.txt": wide,
        "rules_at_bound.txt": lambda: numbered(shape.MAX_RULES - 3_400, "rules_at_bound.txt"),
        "newest.txt": lambda: write("newest.txt", _lines()),
    }


def _new_release(folder: Path, file: Path) -> tuple[str, int]:
    """`new-release FILE` into a fresh copy of the checkout's chain."""
    checkout = folder / "checkout"
    shutil.rmtree(checkout, ignore_errors=True)
    ignore = shutil.ignore_patterns("__pycache__")
    for part in ("migrations", "seeds"):
        shutil.copytree(ROOT / part, checkout / part, ignore=ignore)
    try:
        return _run("new-release", str(file), "--root", str(checkout))
    finally:
        shutil.rmtree(checkout, ignore_errors=True)


def _within(figure: str, peak: int) -> bool:
    seconds = float(figure.split(", ")[1].removesuffix(" s")) if figure[:4] == "exit" else 1e9
    return seconds < TARGET_S and 0 < peak < TARGET_MB


def bench_crafted(folder: Path) -> list[Row]:
    if not NEWEST.exists() or not RTF.exists():
        return [Row("crafted CR files", "no official files at ../shared", "-", None, "-", None)]
    made = crafted(folder)
    newest = made["newest.txt"]()
    inspect_base = _run("inspect", str(newest))[0]
    release_base = _new_release(folder, newest)[0]
    rows = [
        Row(
            "crafted CR files: the newest official file (the baselines below)",
            f"inspect: {inspect_base}",
            f"new-release: {release_base}",
            None,
            "(information)",
            None,
        )
    ]
    cases = [
        # (file, what it is, before: inspect, before: new-release), measured 2026-12-07
        ("long_line.txt", "one 15 MB rule line", "0.96 s, 134 MB", "25.2 s, 642 MB"),
        ("glossary.txt", "600,000 glossary entries", "0.89 s, 116 MB", "53.3 s, 1,001 MB"),
        ("flat.rtf", "an .rtf of 1.2 million flat groups", "2.1 s, 131 MB", "12.4 s, 159 MB"),
        ("numbered.txt", "1,000,000 rules past 905.9999", "0.93 s, 103 MB", "219 s, 1,771 MB"),
        ("wide.txt", "just under 3,000,000 characters (accepted)", "-", "-"),
        ("rules_at_bound.txt", "just under 10,000 rules (accepted)", "-", "-"),
    ]
    for name, what, inspect_before, release_before in cases:
        file = made[name]()
        inspected, inspect_peak = _run("inspect", str(file))
        released, release_peak = _new_release(folder, file)
        size = file.stat().st_size / 2**20
        file.unlink()
        for command, figure, peak, before, base in (
            ("inspect", inspected, inspect_peak, inspect_before, inspect_base),
            ("new-release", released, release_peak, release_before, release_base),
        ):
            rows.append(
                Row(
                    f"  {command} {what}, {size:.1f} MB (before: {before})",
                    figure,
                    base,
                    None,
                    f"< {TARGET_S} s, < {TARGET_MB} MB",
                    _within(figure, peak),
                )
            )
    newest.unlink()
    return rows
