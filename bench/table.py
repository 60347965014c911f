"""What every benchmark module shares: a row of the table, timing in pairs, and the table
printed (bench/run.py, bench/web_load.py, bench/bounds.py import it; it imports none of them)."""

from __future__ import annotations

import statistics
import subprocess
import sys
import time
from collections.abc import Callable
from dataclasses import dataclass

from tabulate import tabulate


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


def paired_medians(
    first: Callable[[], object], second: Callable[[], object], runs: int, warmups: int = 2
) -> tuple[int, int]:
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
    if ns < 1e6:
        return f"{ns / 1e3:.0f} µs"
    return f"{ns / 1e9:.2f} s" if ns >= 1e8 else f"{ns / 1e6:.1f} ms"


# Importing one CR file


def print_table(rows: list[Row]) -> None:
    header = ("benchmark", "figure", "baseline (same run)", "ratio", "target", "result")
    cells = [
        (
            r.name,
            r.figure,
            r.baseline,
            "-" if r.ratio is None else f"{r.ratio:.2f}x",
            r.target,
            "-" if r.ok is None else ("PASS" if r.ok else "MISS"),
        )
        for r in rows
    ]
    print(tabulate(cells, header, tablefmt="simple", disable_numparse=True))


HIGH_WATER = (
    "print([line.split()[1] for line in open('/proc/self/status') "
    "if line.startswith('VmHWM')][0], file=sys.stderr)"
)


def peak_rss_kib(argv: list[str]) -> int:
    """The peak resident memory of a child running ``argv`` (Python code), in KiB. VmHWM,
    not ru_maxrss: a forked child's ru_maxrss starts at its parent's size."""
    probe = (
        f"import runpy, sys; sys.argv = {argv!r}\ntry:\n"
        "    runpy.run_module(sys.argv[0], run_name='__main__')\n"
        "except SystemExit:\n    pass\n"
    ) + HIGH_WATER
    done = subprocess.run(
        [sys.executable, "-c", probe], capture_output=True, text=True, check=False
    )
    return int(done.stderr.strip().splitlines()[-1])
