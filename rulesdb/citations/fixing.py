"""``lint-citations --fix``: renumbered citations rewritten to their number in the release
checked against, in place and atomically (a temporary file in the same folder, given the
file's mode, then ``os.replace``), or shown as a unified diff (``--diff``).

Only a citation whose lineage link is certain, and whose quote or description (if any) fits
the new rule, is rewritten; a file is left whole if it is not UTF-8 or if a citation is no
longer where the scan found it (changed since)."""

from __future__ import annotations

import difflib
import os
import tempfile
from collections.abc import Iterable
from dataclasses import dataclass
from pathlib import Path

from rulesdb.citations import Found, Verdict

MAX_FIXES = 100_000  # edits held for the end of the run; past it, the rest are listed


@dataclass(frozen=True, slots=True)
class Edit:
    file: str
    line: int
    column: int
    old: str
    new: str


def fixable(found: Found, verdict: Verdict, mismatches: bool = False) -> Edit | None:
    """The edit a verdict allows: a renumbered citation, certain, words fitting; with
    ``mismatches``, a mismatch whose words are one rule's (``matches``)."""
    c = found.citation
    if mismatches and verdict.status == "mismatch" and verdict.matches:
        return Edit(found.file, c.line, c.column, c.number, verdict.matches)
    if verdict.status != "renumbered" or verdict.uncertain or not verdict.now:
        return None
    return Edit(found.file, c.line, c.column, c.number, verdict.now)


@dataclass
class FileResult:
    file: str
    applied: list[Edit]
    skipped: list[tuple[Edit, str]]  # (edit, why)
    diff: str = ""


def apply(edits: Iterable[Edit], write: bool) -> list[FileResult]:
    """Each file's edits made (``write``) or only shown as a diff, file by file."""
    by_file: dict[str, list[Edit]] = {}
    for edit in edits:
        by_file.setdefault(edit.file, []).append(edit)
    return [_fix_file(file, file_edits, write) for file, file_edits in by_file.items()]


def _fix_file(file: str, edits: list[Edit], write: bool) -> FileResult:
    path = Path(file)
    try:
        data = path.read_bytes()
        text = data.decode("utf-8")
    except (OSError, UnicodeDecodeError) as exc:
        why = getattr(exc, "strerror", None) or str(exc)
        return FileResult(file, [], [(edit, f"not read: {why}") for edit in edits])
    lines = text.split("\n")  # line endings kept: a "\r" stays at its line's end
    applied, skipped = [], []
    # Right to left within a line, so a column found by the scan stays true.
    for edit in sorted(edits, key=lambda e: (e.line, -e.column)):
        index, start = edit.line - 1, edit.column - 1
        line = lines[index] if index < len(lines) else ""
        if line[start : start + len(edit.old)].lower() != edit.old:
            skipped.append((edit, "not where the scan found it (the file changed)"))
            continue
        lines[index] = line[:start] + edit.new + line[start + len(edit.old) :]
        applied.append(edit)
    new_text = "\n".join(lines)
    result = FileResult(file, applied, skipped)
    if not applied:
        return result
    if not write:
        result.diff = "".join(
            difflib.unified_diff(
                text.splitlines(keepends=True),
                new_text.splitlines(keepends=True),
                fromfile=f"a/{file}",
                tofile=f"b/{file}",
            )
        )
        return result
    _replace(path, new_text.encode("utf-8"))
    return result


def replace_text(path: Path, text: str) -> None:
    """A small file's new text (a pin file's), all or nothing, keeping its mode."""
    _replace(path, text.encode("utf-8"))


def _replace(path: Path, data: bytes) -> None:
    """``data`` as the file's new content, all or nothing, keeping its mode."""
    mode = path.stat().st_mode & 0o7777
    handle, temporary = tempfile.mkstemp(
        dir=path.parent, prefix=f".{path.name}.", suffix=".rulesdb"
    )
    try:
        with os.fdopen(handle, "wb") as out:
            out.write(data)
            out.flush()
            os.fsync(out.fileno())
        os.chmod(temporary, mode)
        os.replace(temporary, path)
    except BaseException:
        Path(temporary).unlink(missing_ok=True)
        raise
