"""The first command after `pip install` beside the second, same run (issue #42).

    python bench/run.py --only first-answer

The wheel is built as pip builds it (`python -m build --wheel`: the hook runs the chain and
ships the default), installed with `pip install --no-deps --target` (this environment has the
dependencies), and `rulesdb subtypes --category land` is run as a process with a fresh
$XDG_DATA_HOME each time: the first command there (it copies the shipped default), then the
second; the median of each over a few fresh folders. For reference, the same first command
from this checkout (no shipped file: the chain builds the default).
"""

from __future__ import annotations

import os
import statistics
import subprocess
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from bench.table import Row  # noqa: E402

RUNS = 3  # fresh data folders
COMMAND = ("-m", "rulesdb", "subtypes", "--category", "land")
MOST_RATIO = 1.5


def _timed(env: dict[str, str], cwd: Path) -> int:
    start = time.perf_counter_ns()
    subprocess.run(
        [sys.executable, *COMMAND],
        env=env,
        cwd=cwd,
        check=True,
        stdout=subprocess.DEVNULL,
        stderr=subprocess.DEVNULL,
        timeout=300,
    )
    return time.perf_counter_ns() - start


def bench_first_answer(folder: Path) -> list[Row]:
    wheels, target = folder / "wheels", folder / "installed"
    subprocess.run(
        [sys.executable, "-m", "build", "--wheel", "-o", str(wheels), str(ROOT)],
        check=True,
        capture_output=True,
        timeout=900,
    )
    (wheel,) = wheels.glob("rulesdb-*.whl")
    subprocess.run(
        [
            sys.executable,
            "-m",
            "pip",
            "install",
            "-q",
            "--no-deps",
            "--target",
            str(target),
            str(wheel),
        ],
        check=True,
        capture_output=True,
        timeout=300,
    )
    base = {
        k: v
        for k, v in os.environ.items()
        if k not in ("RULESDB_URL", "RULESDB_DATA_ROOT", "PYTHONPATH")
    }
    elsewhere = folder / "elsewhere"
    elsewhere.mkdir()
    firsts, seconds, checkout = [], [], []
    for run in range(RUNS):
        env = {**base, "PYTHONPATH": str(target), "XDG_DATA_HOME": str(folder / f"xdg{run}")}
        firsts.append(_timed(env, elsewhere))
        seconds.append(_timed(env, elsewhere))
        checkout.append(_timed({**base, "XDG_DATA_HOME": str(folder / f"checkout{run}")}, ROOT))
    first, second = statistics.median(firsts), statistics.median(seconds)
    built = statistics.median(checkout)
    size = wheel.stat().st_size / 1e6
    return [
        Row(
            f"first command after pip install (the wheel's default copied), median of {RUNS}",
            f"{first / 1e9:.2f} s",
            f"{second / 1e9:.2f} s the second command",
            first / second,
            f"<= {MOST_RATIO}x",
            first / second <= MOST_RATIO,
        ),
        Row(
            "  the same first command from a checkout (the chain builds the default)",
            f"{built / 1e9:.2f} s",
            f"{second / 1e9:.2f} s the second command",
            built / second,
            "(information)",
            None,
        ),
        Row("  the wheel, the default inside", f"{size:.1f} MB", "-", None, "(information)", None),
    ]
