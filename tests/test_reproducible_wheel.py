"""The default a wheel ships is byte for byte the same from one commit (#52, item 8)."""

from __future__ import annotations

import hashlib
import os
import subprocess
import sys
from pathlib import Path

import pytest

BUILD = (
    "import sys, pathlib; from rulesdb.store.shipped import build_shipped; "
    "build_shipped(pathlib.Path(sys.argv[1]))"
)


@pytest.mark.slow
def test_two_builds_of_the_shipped_default_are_the_same_bytes(tmp_path: Path) -> None:
    """Built twice as hatch_build.py builds it, in two processes with different hash seeds:
    the same SHA-256 (before VACUUM INTO the two chains' files held the same rows in pages of
    different order, and differed in 4 million bytes)."""
    digests = []
    for seed in ("1", "2"):
        path = tmp_path / seed / "rulesdb.sqlite3"
        path.parent.mkdir()
        done = subprocess.run(
            [sys.executable, "-c", BUILD, str(path)],
            capture_output=True,
            text=True,
            env={**os.environ, "PYTHONHASHSEED": seed},
            timeout=300,
        )
        assert done.returncode == 0, done.stderr[-2000:]
        assert sorted(p.name for p in path.parent.iterdir()) == ["rulesdb.sqlite3"]  # no debris
        digests.append(hashlib.sha256(path.read_bytes()).hexdigest())
    assert digests[0] == digests[1]
