"""The files to read for a list of paths: a file named is read (even one git ignores); a
folder is walked as git sees it (tracked and untracked files, not the ignored), or, outside a
work tree, whole but for ``.git``. Binary files are left out."""

from __future__ import annotations

import codecs
import os
import stat
import subprocess
from collections.abc import Callable, Iterator, Sequence
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
    a folder's files. A path that is neither a regular file nor a folder is an error, said
    before any file is read."""
    seen: set[str] = set()
    for path, folder in targets(paths):
        for file in files_of(path, folder, seen):
            yield file, not folder


def targets(paths: Sequence[str | Path]) -> list[tuple[Path, bool]]:
    """Each path with whether it is a folder; a path that is neither a regular file nor a
    folder (a FIFO, a device: reading it could wait for ever) is an error."""
    found = []
    for given in paths:
        path = Path(given)
        try:
            mode = path.stat().st_mode
        except (OSError, ValueError) as exc:
            raise RulesdbError(f"{given}: {getattr(exc, 'strerror', None) or exc}") from None
        if not (stat.S_ISDIR(mode) or stat.S_ISREG(mode)):
            raise RulesdbError(f"{given}: not a regular file or folder")
        found.append((path, stat.S_ISDIR(mode)))
    return found


def files_of(
    path: Path,
    folder: bool,
    seen: set[str],
    unreadable: Unreadable | None = None,
    whole: bool = False,
) -> Iterator[Path]:
    """The files of one target not in ``seen`` (which gains them): a file itself, a folder's
    files (see :func:`walk`; ``whole``: every file but ``.git``'s, as outside git)."""
    for file in walk(path, unreadable, whole) if folder else iter([path]):
        key = os.path.abspath(file)  # no symbolic link is followed in a folder
        if key not in seen:
            seen.add(key)
            yield file


Unreadable = Callable[[Path, str], None]  # told of a folder that cannot be listed, and why


def walk(folder: Path, unreadable: Unreadable | None = None, whole: bool = False) -> Iterator[Path]:
    """The regular files under ``folder`` in git's order (by path, as bytes); symbolic links
    are not followed. Folders are listed one at a time from a stack, never by recursion, so
    a tree of any depth is walked in memory for one listing a level. ``whole``: the file
    system's view, not git's (a folder named that git ignores)."""
    listed = None if whole else _git_files(folder)
    # Each level: its entries still to visit, and whether they are git's (a folder among
    # them is a submodule, a work tree of its own) or the file system's.
    stack = [
        (iter(_plain(folder, unreadable)), False)
        if listed is None
        else (iter([folder / name for name in listed]), True)
    ]
    while stack:
        entries, from_git = stack[-1]
        path = next(entries, None)
        if path is None:
            stack.pop()
            continue
        try:
            mode = path.lstat().st_mode
        except OSError:  # tracked but deleted from the work tree, or a name too long
            continue
        if stat.S_ISREG(mode):
            yield path
        elif stat.S_ISDIR(mode):
            inner = _git_files(path) if from_git else None
            stack.append(
                (iter([path / name for name in inner]), True)
                if inner is not None
                else (iter(_plain(path, unreadable)), False)
            )


def _plain(folder: Path, unreadable: Unreadable | None) -> list[Path]:
    """A folder's entries but ``.git``, sorted as git sorts paths (a folder's name as if
    followed by "/"): listed whole and closed, so a deep walk holds no folder open."""
    try:
        with os.scandir(folder) as listing:
            entries = [
                (os.fsencode(e.name) + (b"/" if e.is_dir(follow_symlinks=False) else b""), e.name)
                for e in listing
                if e.name != ".git"
            ]
    except OSError as exc:
        if unreadable is not None:
            unreadable(folder, f"not listed: {exc.strerror or exc}")
        return []
    return [folder / name for _, name in sorted(entries)]


def _git_files(folder: Path) -> list[str] | None:
    """The files git lists under ``folder`` (relative to it), or None when it is in no work
    tree (or git is not installed)."""
    env = environment_without(_GIT_VARIABLES)
    try:
        done = subprocess.run(
            [
                "git",
                "-C",
                str(folder),
                "ls-files",
                "-z",
                "--cached",
                "--others",
                "--exclude-standard",
            ],
            capture_output=True,
            env=env,
            check=False,
        )
    except OSError:
        return None
    if done.returncode != 0:
        return None
    names = {os.fsdecode(name) for name in done.stdout.split(b"\0") if name}
    return sorted(names, key=os.fsencode)


def is_ignored(folder: Path) -> bool:
    """Whether git ignores ``folder`` itself (in a work tree whose rules exclude it)."""
    env = environment_without(_GIT_VARIABLES)
    try:
        return (
            subprocess.run(
                ["git", "-C", str(folder), "check-ignore", "-q", "."],
                capture_output=True,
                env=env,
                check=False,
            ).returncode
            == 0
        )
    except OSError:
        return False


def work_tree_top(folder: Path) -> Path | None:
    """The top of the git work tree holding ``folder`` (its symbolic links resolved), or
    None when it is in none (or git is not installed)."""
    env = environment_without(_GIT_VARIABLES)
    try:
        done = subprocess.run(
            ["git", "-C", str(folder), "rev-parse", "--show-toplevel"],
            capture_output=True,
            env=env,
            check=False,
        )
    except OSError:
        return None
    top = done.stdout.rstrip(b"\n")
    return Path(os.path.realpath(os.fsdecode(top))) if done.returncode == 0 and top else None


class Tree:
    """The tree a run may write in (``--fix``), for the paths it was given: for each, the
    top of the git work tree holding it; for one in no work tree, the folder or file itself
    (its folders' symbolic links resolved, not a named file's own). Worked out when first
    asked, a folder once: only a symbolic link met on the way needs it."""

    def __init__(self, paths: Sequence[str | Path]) -> None:
        self._paths = [Path(p) for p in paths]
        self._roots: list[Path] | None = None

    def roots(self) -> list[Path]:
        if self._roots is None:
            tops: dict[Path, Path | None] = {}
            roots: list[Path] = []
            for path in self._paths:
                folder = path if path.is_dir() else path.parent
                key = Path(os.path.abspath(folder))
                if key not in tops:
                    tops[key] = work_tree_top(folder)
                top = tops[key]
                if top is None:
                    top = (
                        Path(os.path.realpath(path))
                        if path.is_dir()
                        else Path(os.path.realpath(path.parent)) / path.name
                    )
                if top not in roots:
                    roots.append(top)
            self._roots = roots
        return self._roots

    def __call__(self, real: Path) -> bool:
        """Whether ``real`` (a resolved path) is in the tree."""
        return any(real == root or root in real.parents for root in self.roots())


def why_nothing_read(folder: Path) -> str:
    """Why a folder gave no file to read."""
    return "no file in it was read (git ignores every file in it, or it has none)"


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
