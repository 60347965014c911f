"""The first command and the embedded default (issue #52): it never damages what is at the
default path and never leaves debris. Each case in a private XDG_DATA_HOME; the shipped file
a wheel would hold is stood in by a file of the test's (a checkout ships none)."""

from __future__ import annotations

import os
import sqlite3
import subprocess
import sys
from pathlib import Path

import pytest

from rulesdb.errors import RulesdbError
from rulesdb.store import shipped
from tests.support.runs import process_env, run_process

pytestmark = pytest.mark.fast

# The first command in a process whose files may grow to LIMIT bytes (RLIMIT_FSIZE: the
# write past it fails with EFBIG, as a full disk's with ENOSPC), the shipped file stood in.
FIRST_COMMAND = """
import resource, signal, sys
from pathlib import Path
from rulesdb.store import shipped
signal.signal(signal.SIGXFSZ, signal.SIG_IGN)
limit = int(sys.argv[2])
resource.setrlimit(resource.RLIMIT_FSIZE, (limit, limit))
shipped.shipped_default = lambda: Path(sys.argv[1])
from rulesdb.cli import main
main(["releases"])
"""


def default_in(tmp_path: Path) -> Path:
    path = tmp_path / "xdg" / "rulesdb" / "rulesdb.sqlite3"
    path.parent.mkdir(parents=True)
    return path


def test_a_copy_that_fails_is_one_line_and_leaves_nothing(tmp_path: Path) -> None:
    target = default_in(tmp_path)
    source = tmp_path / "shipped.sqlite3"
    source.write_bytes(b"\0" * 3_000_000)
    done = subprocess.run(
        [sys.executable, "-c", FIRST_COMMAND, str(source), "1000000"],
        capture_output=True,
        text=True,
        env=process_env(XDG_DATA_HOME=str(tmp_path / "xdg")),
        timeout=120,
    )
    assert done.returncode == 2, done.stderr
    [line] = done.stderr.splitlines()
    assert line.startswith(f"rulesdb: error: cannot place the embedded default in {target.parent}")
    assert "(3 MB needed, " in line and "Traceback" not in done.stderr
    assert sorted(p.name for p in target.parent.iterdir()) == ["rulesdb.sqlite3.lock"]


def test_orphans_of_dead_first_commands_are_removed(tmp_path: Path) -> None:
    target = default_in(tmp_path)
    dead = subprocess.Popen([sys.executable, "-c", "pass"])
    dead.wait()
    orphan = target.with_name(f".rulesdb.sqlite3.{dead.pid}.partial")
    orphan.write_bytes(b"half a copy")
    alive = target.with_name(f".rulesdb.sqlite3.{os.getppid()}.partial")
    alive.write_bytes(b"a live process's")
    source = tmp_path / "shipped.sqlite3"
    source.write_bytes(b"built" * 1000)
    original = shipped.shipped_default
    shipped.shipped_default = lambda: source  # type: ignore[assignment]
    try:
        assert shipped.place_default(target) is True
    finally:
        shipped.shipped_default = original  # type: ignore[assignment]
    assert not orphan.exists() and alive.exists()
    assert target.read_bytes() == source.read_bytes()


@pytest.mark.parametrize("dangling", [True, False])
def test_a_symlink_at_the_default_path_is_refused(tmp_path: Path, dangling: bool) -> None:
    target = default_in(tmp_path)
    pointed = tmp_path / "elsewhere.sqlite3"
    if not dangling:
        pointed.write_bytes(b"the user's")
    target.symlink_to(pointed)
    done = run_process("releases", env=process_env(XDG_DATA_HOME=str(tmp_path / "xdg")))
    assert done.returncode == 2, done.stderr
    [line] = done.stderr.splitlines()
    assert f"the embedded default {target} is a symlink" in line
    assert target.is_symlink() and os.readlink(target) == str(pointed)
    assert pointed.exists() is not dangling
    if not dangling:
        assert pointed.read_bytes() == b"the user's"


def test_a_file_of_foreign_tables_is_never_upgraded_in_place(tmp_path: Path) -> None:
    target = default_in(tmp_path)
    with sqlite3.connect(target) as mine:
        mine.execute("CREATE TABLE recipes (name TEXT)")
        mine.execute("INSERT INTO recipes VALUES ('bread')")
    mine.close()
    before = target.read_bytes()
    done = run_process("releases", env=process_env(XDG_DATA_HOME=str(tmp_path / "xdg")))
    assert done.returncode == 2, done.stderr
    [line] = done.stderr.splitlines()
    assert (
        f"the embedded default sqlite:///{target} holds recipes, which rulesdb did not make" in line
    )
    assert target.read_bytes() == before


def test_a_fifo_lock_file_is_named_as_one(tmp_path: Path) -> None:
    from rulesdb.store.locking import file_lock

    lock = tmp_path / "rulesdb.sqlite3.lock"
    os.mkfifo(lock)
    refused = pytest.raises(RulesdbError, match=r"lock file .* is a FIFO, not a regular file")
    with refused, file_lock(lock, wait=0):
        pass
