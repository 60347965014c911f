"""Files written all or nothing."""

from __future__ import annotations

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
