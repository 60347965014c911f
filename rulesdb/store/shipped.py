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
    ever seen, and a copy cut short leaves nothing for the next command to trust."""
    source = shipped_default()
    if source is None or path.exists():
        return False
    with file_lock(Path(f"{path}.lock")):
        if path.exists():  # another first command placed it while this one waited
            return False
        partial = path.with_name(f".{path.name}.{os.getpid()}.partial")
        try:
            shutil.copyfile(source, partial)  # in the kernel (copy_file_range) where it can
            with partial.open("rb+") as written:
                os.fsync(written.fileno())
            os.replace(partial, path)
        finally:
            partial.unlink(missing_ok=True)
    return True
