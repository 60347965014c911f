"""Helpers several test modules share: checkout copies, in-process CLI runs, dumps by URL."""

from __future__ import annotations

import shutil
from pathlib import Path

import pytest
from sqlalchemy.engine import URL

from rulesdb.cli import main
from rulesdb.store.engine import make_engine
from tests.conftest import ROOT
from tests.dbdump import dump

# The head this checkout ships; a release written by new-release chains after it.
SHIPPED_HEAD = (ROOT / "migrations" / "HEAD").read_text().strip()


def copy_release_chain(root: Path) -> Path:
    """A copy of this checkout's migrations/ and seeds/ at ``root``, for a test to write into."""
    ignore = shutil.ignore_patterns("__pycache__")
    for folder in ("migrations", "seeds"):
        shutil.copytree(ROOT / folder, root / folder, ignore=ignore)
    return root


def run_cli(args: list[str], capsys: pytest.CaptureFixture[str]) -> tuple[int, str, str]:
    """``rulesdb ARGS`` in-process, through the real entry point: (exit code, stdout, stderr)."""
    capsys.readouterr()
    try:
        main(args)
    except SystemExit as exc:
        code = exc.code if isinstance(exc.code, int) else 1
    else:
        code = 0
    out, err = capsys.readouterr()
    return code, out, err


def dump_url(url: URL) -> dict[str, object]:
    engine = make_engine(url)
    try:
        return dump(engine)
    finally:
        engine.dispose()
