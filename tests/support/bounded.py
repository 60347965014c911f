"""Running ``rulesdb`` as a process that must end bounded: how it ended and its own peak
memory (the bounds tests' one way of measuring, so every test measures alike)."""

from __future__ import annotations

import subprocess
import sys
import tempfile
from pathlib import Path

from tests.support.runs import process_env

PEAK_MB = 200  # Python, SQLAlchemy and rulesdb take ~60 MB; a refusal holds nothing more
HANG = 60  # seconds after which a process counts as hung


# ``python -c MEASURED ARGS`` runs ``rulesdb ARGS`` and writes the process's own peak RSS (KB)
# at its exit to $PEAK_FILE (a forked child's rusage would count the parent's memory at the
# fork). bench/bounds.py measures its rows the same way.
PEAK_FILE = "RULESDB_TEST_PEAK_FILE"
MEASURED = """import atexit, os, runpy, sys
def peak():
    with open(os.environ["RULESDB_TEST_PEAK_FILE"], "w") as out:
        out.write(next(l.split()[1] for l in open("/proc/self/status") if l.startswith("VmHWM")))
atexit.register(peak)
sys.argv[0] = "rulesdb"
runpy.run_module("rulesdb", run_name="__main__", alter_sys=True)
"""


def measured(
    *args: str, env: dict[str, str] | None = None, discard: bool = False
) -> tuple[subprocess.CompletedProcess[str], int]:
    """Run ``rulesdb ARGS`` as a process (its stdout thrown away if ``discard``): how it ended
    and its peak RSS in MB; it must not hang."""
    with tempfile.TemporaryDirectory() as folder:
        peak_file = Path(folder) / "peak"
        done = subprocess.run(
            [sys.executable, "-c", MEASURED, *args],
            text=True,
            timeout=HANG,
            stdin=subprocess.DEVNULL,
            stdout=subprocess.DEVNULL if discard else subprocess.PIPE,
            stderr=subprocess.PIPE,
            env={**(env or process_env()), PEAK_FILE: str(peak_file)},
        )
        return done, int(peak_file.read_text()) // 1024


def refused(
    *args: str, env: dict[str, str] | None = None, printed: bool = False
) -> tuple[str, int]:
    """Run ``rulesdb ARGS`` as a process: its one stderr line and its peak RSS in MB; it must
    exit 2 with no traceback (and nothing on stdout unless ``printed``: the cards before the
    damage), and not hang."""
    done, peak = measured(*args, env=env)
    assert done.returncode == 2 and (printed or done.stdout == ""), (
        args,
        done.stdout[-500:],
        done.stderr[-2000:],
    )
    lines = done.stderr.splitlines()
    assert len(lines) == 1 and lines[0].startswith("rulesdb: error: "), done.stderr[-2000:]
    return lines[0], peak
