"""Files: written all or nothing; paths no file can have, said before use."""

from __future__ import annotations

import os
from pathlib import Path


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
    if len(os.fsencode(text)) >= 4096 or any(len(os.fsencode(part)) > 255
                                             for part in path.parts):
        return "is longer than a file system allows (255 bytes a name, 4,095 in all)"
    return None


def shown_path(path: Path) -> str:
    """A path as a one-line message shows it: long ones shortened in the middle."""
    text = str(path)
    return text if len(text) <= 80 else f"{text[:60]}…{text[-16:]}"
