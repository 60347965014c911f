"""``mypy --strict`` run on files as a user of the installed package runs it: from a folder
outside the checkout, so ``rulesdb`` is found where the environment installed it (its
``py.typed`` says it is typed), never as a folder beside the files."""

from __future__ import annotations

import os
import re
import subprocess
import sys
from pathlib import Path

from tests.settings import ROOT

# Between runs: mypy's cache of the libraries (SQLAlchemy's alone takes most of a minute).
CACHE = ROOT / ".pytest_cache" / "d" / "mypy-as-a-user"
_REVEALED = re.compile(r'^(?P<file>[^:]+):(?P<line>\d+): note: Revealed type is "(?P<type>.*)"$')


def mypy_strict(files: dict[str, str], folder: Path) -> tuple[int, str]:
    """Write ``files`` (name -> source) into ``folder`` and run ``mypy --strict`` on them
    there: its exit status and output."""
    folder.mkdir(parents=True, exist_ok=True)
    for name, source in files.items():
        (folder / name).write_text(source, encoding="utf-8")
    env = {k: v for k, v in os.environ.items() if k not in ("PYTHONPATH", "MYPYPATH")}
    done = subprocess.run(
        [
            sys.executable,
            "-m",
            "mypy",
            "--strict",
            "--no-error-summary",
            "--cache-dir",
            str(CACHE),
            *sorted(files),
        ],
        cwd=folder,
        env=env,
        capture_output=True,
        text=True,
        timeout=600,
    )
    return done.returncode, done.stdout + done.stderr


def revealed(output: str) -> list[tuple[str, int, str]]:
    """(file, line, type) of each ``reveal_type`` in mypy's output."""
    found = (_REVEALED.match(line) for line in output.splitlines())
    return [(m["file"], int(m["line"]), m["type"]) for m in found if m]
