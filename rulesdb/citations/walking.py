"""The files to read for a list of paths: a file named is read (even one git ignores); a
folder is walked as git sees it (tracked and untracked files, not the ignored), or, outside a
work tree, whole but for ``.git``. Binary files are left out."""

from __future__ import annotations

import codecs
import os
import stat
import subprocess
from collections.abc import Iterator, Sequence
from pathlib import Path

from rulesdb.errors import RulesdbError
from rulesdb.settings import environment_without

# What git and grep look at to tell binary from text: a NUL in the first 8 KB.
SNIFF_BYTES = 8192
# Variables that would point `git -C DIR` at another repository than DIR's own (a hook sets
# them for its own repository).
_GIT_VARIABLES = ("GIT_DIR", "GIT_WORK_TREE", "GIT_INDEX_FILE", "GIT_COMMON_DIR")


def files_to_read(paths: Sequence[str | Path]) -> Iterator[tuple[Path, bool]]:
    """Each file to read once, as (path, named), in the order of ``paths``: a file named, or
    a folder's files. A path that is neither a regular file nor a folder is an error."""
    seen: set[str] = set()
    for given in paths:
        path = Path(given)
        try:
            mode = path.stat().st_mode
        except OSError as exc:
            raise RulesdbError(f"{given}: {exc.strerror or exc}") from None
        if stat.S_ISDIR(mode):
            found, named = walk(path), False
        elif stat.S_ISREG(mode):
            found, named = iter([path]), True
        else:  # a FIFO or a device: reading it could wait for ever
            raise RulesdbError(f"{given}: not a regular file or folder")
        for file in found:
            key = os.path.abspath(file)  # no symbolic link is followed in a folder
            if key not in seen:
                seen.add(key)
                yield file, named


def walk(folder: Path) -> Iterator[Path]:
    """The regular files under ``folder``, sorted; symbolic links are not followed."""
    listed = _git_files(folder)
    if listed is None:
        yield from _all_files(folder)
        return
    for name in listed:
        path = folder / name
        if path.is_symlink():
            continue
        if path.is_dir():  # a submodule: its own work tree
            yield from walk(path)
        elif path.is_file():  # tracked files deleted from the work tree are listed too
            yield path


def _git_files(folder: Path) -> list[str] | None:
    """The files git lists under ``folder`` (relative to it), or None when it is in no work
    tree (or git is not installed)."""
    env = environment_without(_GIT_VARIABLES)
    try:
        done = subprocess.run(
            ["git", "-C", str(folder), "ls-files", "-z", "--cached", "--others",
             "--exclude-standard"], capture_output=True, env=env, check=False)
    except OSError:
        return None
    if done.returncode != 0:
        return None
    names = {os.fsdecode(name) for name in done.stdout.split(b"\0") if name}
    return sorted(names)


def _all_files(folder: Path) -> Iterator[Path]:
    """Every regular file under ``folder`` but in ``.git`` folders, sorted by path as git
    sorts its list."""
    found = []
    for root, dirs, files in os.walk(folder):
        dirs[:] = [d for d in dirs if d != ".git"]
        relative = os.path.relpath(root, folder)
        for name in files:
            path = Path(root, name)
            if not path.is_symlink() and path.is_file():
                found.append((name if relative == "." else f"{relative}/{name}", path))
    for _, path in sorted(found):
        yield path


def is_binary(data: bytes) -> bool:
    """A NUL in the first 8 KB, or bytes there that are not UTF-8 (a sequence cut at the
    8 KB mark still counts as UTF-8)."""
    head = data[:SNIFF_BYTES]
    if b"\0" in head:
        return True
    try:
        codecs.getincrementaldecoder("utf-8")().decode(head, final=len(data) <= SNIFF_BYTES)
    except UnicodeDecodeError:
        return True
    return False
