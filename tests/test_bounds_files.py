"""Bounded for every file and setting a reader is given: a FIFO, a device, a bad data root,
a hostile tree or line. Each ends in one line on stderr and exit status 2 (or a bounded
answer), in a process whose peak memory stays low and which neither hangs nor runs on
(tests/bounded.py). The inputs are generated here, never committed."""

from __future__ import annotations

import os
from pathlib import Path

import pytest
from sqlalchemy.engine import URL

from tests.bounded import PEAK_MB, refused
from tests.support import process_env, url_text

SQLITE_ONLY = pytest.mark.parametrize("backend", ["sqlite"], indirect=True)


# --- settings ------------------------------------------------------------------------------------


@pytest.mark.parametrize(("root", "said"), [
    ("/nonexistent/rulesdb", "RULESDB_DATA_ROOT='/nonexistent/rulesdb': No such file"),
    ("/", "RULESDB_DATA_ROOT='/' has no migrations/env.py"),
    ("/dev/zero", "RULESDB_DATA_ROOT='/dev/zero' is not a folder"),
    ("a" * 300, "File name too long"),
])
@pytest.mark.parametrize("command", [["rule", "702.19"], ["info"]])
def test_a_bad_data_root_is_one_line_naming_it(tmp_path: Path, root: str, said: str,
                                               command: list[str]) -> None:
    env = process_env(RULESDB_DATA_ROOT=root, XDG_DATA_HOME=str(tmp_path))
    line, _ = refused(*command, env=env)
    assert said in line, line


# --- what a reader opens -------------------------------------------------------------------------


@pytest.mark.parametrize("name", ["x.json", "x.jsonl", "x.txt", "x.json.gz"])
@SQLITE_ONLY
def test_lint_cards_refuses_a_fifo_at_once(tmp_path: Path, shared_head_url: URL,
                                           name: str) -> None:
    fifo = tmp_path / name
    os.mkfifo(fifo)
    line, _ = refused("--db", url_text(shared_head_url), "lint-cards", str(fifo))
    assert line == f"rulesdb: error: {fifo}: not a regular file (a FIFO); expected a card " \
                   "data file"


@SQLITE_ONLY
def test_lint_cards_refuses_a_device(tmp_path: Path, shared_head_url: URL) -> None:
    link = tmp_path / "cards.json"
    link.symlink_to("/dev/zero")
    line, peak = refused("--db", url_text(shared_head_url), "lint-cards", str(link))
    assert "not a regular file (a device)" in line and peak < PEAK_MB
