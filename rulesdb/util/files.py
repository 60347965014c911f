"""Files: written all or nothing; read only when regular; paths no file can have, said
before use."""

from __future__ import annotations

import os
import stat
from pathlib import Path
from typing import BinaryIO, NamedTuple


def write_atomically(path: Path, data: str | bytes, partial_name: str | None = None) -> None:
    """Write ``data`` beside ``path`` and rename it over ``path``: a reader (or a crash) never
    sees half a file. The partial file is removed if writing fails; the error is raised."""
    partial = path.with_name(partial_name or f".{path.name}.partial")
    try:
        if isinstance(data, bytes):
            partial.write_bytes(data)
        else:
            partial.write_text(data, encoding="utf-8")
        partial.replace(path)
    except OSError:
        partial.unlink(missing_ok=True)
        raise


def path_problem(path: Path) -> str | None:
    """Why no file can have this path, before any system call trips on it (a NUL byte, a
    name longer than the file system allows, a path longer than PATH_MAX), or None."""
    text = str(path)
    if "\0" in text:
        return "contains a NUL byte"
    if len(os.fsencode(text)) >= 4096 or any(len(os.fsencode(part)) > 255 for part in path.parts):
        return "is longer than a file system allows (255 bytes a name, 4,095 in all)"
    return None


def shown_path(path: Path) -> str:
    """A path as a one-line message shows it: long ones shortened in the middle."""
    text = str(path)
    return text if len(text) <= 80 else f"{text[:60]}…{text[-16:]}"


class NotARegularFile(OSError):
    """A path naming a FIFO, a device, a folder or a socket, where a file was to be read:
    ``strerror`` says which ("not a regular file (a FIFO)")."""

    def __init__(self, mode: int) -> None:
        super().__init__(f"not a regular file ({file_kind(mode)})")
        self.strerror = str(self)
        self.mode = mode


def open_regular(path: str | Path) -> BinaryIO:
    """``path`` opened for reading, in binary, if it names a regular file (a symbolic link
    to one counts); else NotARegularFile. Opened non-blocking, so a FIFO with no writer
    cannot hang the open, and its type checked on the open descriptor, so what is read is
    what was checked (no window for a rename between a check and the open). Other failures
    raise OSError as ``open`` does."""
    fd = os.open(path, os.O_RDONLY | os.O_NONBLOCK | getattr(os, "O_NOCTTY", 0))
    try:
        mode = os.fstat(fd).st_mode
        if not stat.S_ISREG(mode):
            raise NotARegularFile(mode)
        os.set_blocking(fd, True)
    except BaseException:
        os.close(fd)
        raise
    return os.fdopen(fd, "rb")


def file_kind(mode: int) -> str:
    """What a file of ``mode`` is, for a message: "a FIFO", "a folder", "a device" ..."""
    kinds = (
        (stat.S_ISREG, "a regular file"),
        (stat.S_ISDIR, "a folder"),
        (stat.S_ISFIFO, "a FIFO"),
        (stat.S_ISCHR, "a device"),
        (stat.S_ISBLK, "a device"),
        (stat.S_ISSOCK, "a socket"),
    )
    return next((name for test, name in kinds if test(mode)), "not a plain file")


class FileIdentity(NamedTuple):
    """Which file, and which state of it: what a later step compares to know that a file is
    still the one it read (a rename, a copy, a write or a truncation each change one)."""

    dev: int
    ino: int
    size: int
    mtime_ns: int

    @classmethod
    def of(cls, status: os.stat_result) -> FileIdentity:
        return cls(status.st_dev, status.st_ino, status.st_size, status.st_mtime_ns)
