"""Files: written all or nothing, and paths no file can have refused before use."""

from __future__ import annotations

import os
from pathlib import Path

from rulesdb.errors import RulesdbError


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


def check_path(path: Path, what: str) -> None:
    """Refuse a path no file can have, before any system call trips on it: a NUL byte, a
    name longer than the file system allows (255 bytes), a path longer than PATH_MAX."""
    text = str(path)
    shown = text if len(text) <= 80 else f"{text[:60]}…{text[-16:]}"
    if "\0" in text:
        raise RulesdbError(f"{what}: the path {shown!r} contains a NUL byte")
    if len(os.fsencode(text)) >= 4096 or any(len(os.fsencode(part)) > 255
                                             for part in path.parts):
        raise RulesdbError(f"{what}: the path {shown!r} is longer than a file system allows "
                           "(255 bytes a name, 4,095 in all)")
