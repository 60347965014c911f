"""The embedded default a wheel ships built (hatch_build.py runs the Alembic chain at build
time): a first command copies it into place instead of building it, so the first answer comes
about as fast as the second. The copy is renamed into place whole, under the lock an upgrade
takes (pip checked the shipped file's SHA-256 against the wheel's RECORD when it installed
it). Without a shipped file (a checkout, an editable install, $RULESDB_DATA_ROOT naming
another chain) nothing is placed and the chain builds the default as before; a default that
exists is never replaced (an older one is brought to head by the chain, as before).
"""

from __future__ import annotations

import os
import shutil
from pathlib import Path

from rulesdb.errors import RulesdbError
from rulesdb.store.locking import file_lock
from rulesdb.store.paths import data_root, is_installed_copy

SHIPPED_NAME = "rulesdb.sqlite3"


def shipped_default() -> Path | None:
    """The built default the installed wheel holds, or None."""
    root = data_root()
    path = root / SHIPPED_NAME
    if not is_installed_copy(root) or not path.is_file():
        return None
    return path


def place_default(path: Path) -> bool:
    """Copy the shipped default to ``path`` if no file is there yet; True if it was placed.
    The copy is written beside ``path`` and renamed over it whole: no half-copied default is
    ever seen, and a copy cut short leaves nothing for the next command to trust (a copy a
    killed command left is removed by the next, under the lock). A symlink at ``path``,
    even a dangling one, is refused: never replaced, never written through."""
    if path.is_symlink():
        raise RulesdbError(
            f"the embedded default {path} is a symlink (to {os.readlink(path)!r}); rulesdb "
            "neither replaces it nor writes through it (remove it, or give --db "
            "sqlite:///PATH for the file it names)"
        )
    source = shipped_default()
    if source is None or path.exists():
        return False
    with file_lock(Path(f"{path}.lock")):
        if path.exists():  # another first command placed it while this one waited
            return False
        _remove_orphans(path)
        partial = path.with_name(f".{path.name}.{os.getpid()}.partial")
        try:
            shutil.copyfile(source, partial)  # in the kernel (copy_file_range) where it can
            with partial.open("rb+") as written:
                os.fsync(written.fileno())
            os.replace(partial, path)
        except OSError as exc:
            raise RulesdbError(_not_copied(path.parent, source, exc)) from None
        finally:
            partial.unlink(missing_ok=True)
    return True


def _remove_orphans(path: Path) -> None:
    """The partial copies of first commands that died (their pid gone): only a command
    holding the lock copies, so none of them is still being written."""
    for orphan in path.parent.glob(f".{path.name}.*.partial"):
        pid = orphan.name.removeprefix(f".{path.name}.").removesuffix(".partial")
        if pid.isdigit() and _alive(int(pid)) and int(pid) != os.getpid():
            continue  # its pid reused, or another PID namespace sharing the folder: left
        orphan.unlink(missing_ok=True)


def _alive(pid: int) -> bool:
    try:
        os.kill(pid, 0)
    except ProcessLookupError:
        return False
    except OSError:  # another user's process: alive
        return True
    return True


def _not_copied(folder: Path, source: Path, exc: OSError) -> str:
    needed = source.stat().st_size / 1e6
    try:
        free = f", {shutil.disk_usage(folder).free / 1e6:.0f} MB free"
    except OSError:
        free = ""
    why = exc.strerror or str(exc)
    return (
        f"cannot place the embedded default in {folder}: {why} ({needed:.0f} MB needed{free}); "
        "nothing was left behind (free some space, or set XDG_DATA_HOME to another folder)"
    )


def build_shipped(path: Path) -> None:
    """Build the default a wheel ships at ``path`` (hatch_build.py): the Alembic chain from
    empty to head in a scratch file, then VACUUM INTO ``path``. The chain's file holds the same
    rows from build to build but not the same pages (page order and free pages vary); VACUUM
    INTO writes tables and indexes afresh in a fixed order, so two builds from one commit with
    one SQLite version are byte for byte the same (tests/test_reproducible_wheel.py)."""
    import sqlite3

    from rulesdb.store import migrate
    from rulesdb.store.engine import make_engine

    scratch = path.with_name(path.name + ".chain")
    engine = make_engine(f"sqlite:///{scratch}")
    try:
        migrate.upgrade(engine)
    finally:
        engine.dispose()
    try:
        path.unlink(missing_ok=True)
        connection = sqlite3.connect(scratch)
        try:
            connection.execute("VACUUM INTO ?", (str(path),))
        finally:
            connection.close()
    finally:
        for leftover in (scratch, scratch.with_name(scratch.name + ".lock")):
            leftover.unlink(missing_ok=True)
