"""`rulesdb sql` writes a wide value in slices (issue #52): the rows it writes are the bytes
the narrow path writes, and one 40 MB value is held about twice, not ten times (CSV was
423 MB, JSON 232 MB)."""

from __future__ import annotations

import io
import random
import sqlite3
import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest

from rulesdb.cli import streaming
from tests.support.runs import process_env

pytestmark = pytest.mark.fast

COLUMNS = ["a", "b", "c", "d"]


def rows(big: str) -> list[tuple[Any, ...]]:
    return [
        ("x", 1, None, True),
        (big, "y,z", 7, None),
        ("q", 'he said "hi"', 2, False),
        ("", big, "", None),
    ]


@pytest.mark.parametrize("write", [streaming.write_json_rows, streaming.write_csv_rows])
def test_wide_rows_are_written_as_narrow_ones(write: Any, monkeypatch: pytest.MonkeyPatch) -> None:
    picker = random.Random(52)
    # quotes, commas, line ends, 2-, 3- and 4-byte characters across the slices' ends
    big = "".join(picker.choice('ab,"\n\ré€𝄞 ') for _ in range(3 * streaming.WIDE))
    wide = io.StringIO()
    write(COLUMNS, rows(big), wide)
    monkeypatch.setattr(streaming, "WIDE", 10**12)  # every row the narrow way
    narrow = io.StringIO()
    write(COLUMNS, rows(big), narrow)
    assert wide.getvalue() == narrow.getvalue()


PEAK = """
import resource, sys
from rulesdb.cli import main
try:
    main(sys.argv[1:])
finally:
    print(resource.getrusage(resource.RUSAGE_SELF).ru_maxrss, file=sys.stderr)
"""


@pytest.mark.parametrize("fmt", ["csv", "json"])
def test_one_wide_value_is_held_about_twice(tmp_path: Path, fmt: str) -> None:
    database = tmp_path / "wide.sqlite3"
    with sqlite3.connect(database) as connection:
        connection.execute("CREATE TABLE w (v TEXT)")
        connection.execute("INSERT INTO w VALUES (?)", ("x" * 40_000_000,))
    connection.close()

    def peak_mb(query: str) -> float:
        command = [sys.executable, "-c", PEAK, "--db", f"sqlite:///{database}"]
        done = subprocess.run(
            [*command, "sql", query, "--format", fmt],
            stdout=subprocess.DEVNULL,
            stderr=subprocess.PIPE,
            env=process_env(),
            timeout=120,
        )
        assert done.returncode == 0, done.stderr
        return int(done.stderr.split()[-1]) / 1024

    baseline = peak_mb("SELECT length(v) FROM w")  # the same run without printing it
    printed = peak_mb("SELECT v FROM w")
    assert printed - baseline < 2.5 * 40, f"{printed:.0f} MB against {baseline:.0f} MB"
