"""``lint-citations --fix``: renumbered citations rewritten to their number in the release
checked against, in place and atomically (``rulesdb.util.inplace``: a temporary file in the
same folder with the file's owner, group and mode, renamed over it), or shown as a unified
diff (``--diff``).

Only a citation whose lineage link is certain, and whose quote or description (if any) fits
the new rule, is rewritten. A file is streamed, a block at a time, never held whole: a
400 MB file with one citation is fixed in a few MB. A file is left as it was, and said in one
line, when it is not UTF-8, is no longer the file the scan read (another file, another size
or time, no longer a regular file), is read-only, would change owner or group, has several
hard links, or is a symbolic link leading out of the tree checked (``walking.Tree``); a
citation no longer where the scan found it is left, the file's others fixed. A file that
cannot be written is one line, and the run goes on with the others."""

from __future__ import annotations

import codecs
import os
from collections import deque
from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass, field
from pathlib import Path

from rulesdb.citations import Found, Verdict
from rulesdb.util.files import FileIdentity
from rulesdb.util.inplace import Inside, Refused, Rewrite

MAX_FIXES = 100_000  # edits held for the end of the run; past it, the rest are listed
BLOCK = 1 << 20  # bytes read and written at once
# Bytes of a block kept for the next one, so that a rule number (at most 9 bytes) found near
# a block's end is whole: more than the longest.
HOLD = 64
CONTEXT = 3  # lines of context around a change in a diff, as diff -u
MAX_SMALL = 1 << 20  # what rewrite_file holds whole (a pin file)
NOT_THERE = "not where the scan found it (the file changed)"
# UTF-8 continuation bytes: a line's characters (the scan's columns) are its bytes but these.
_CONTINUATION = bytes(range(0x80, 0xC0))


@dataclass(frozen=True, slots=True)
class Edit:
    file: str
    line: int
    column: int
    old: str
    new: str
    identity: FileIdentity | None = None  # the file as the scan read it


def fixable(found: Found, verdict: Verdict, mismatches: bool = False) -> Edit | None:
    """The edit a verdict allows: a renumbered citation, certain, words fitting; with
    ``mismatches``, a mismatch whose words are one rule's (``matches``)."""
    c = found.citation
    if mismatches and verdict.status == "mismatch" and verdict.matches:
        return Edit(found.file, c.line, c.column, c.number, verdict.matches, found.identity)
    if verdict.status != "renumbered" or verdict.uncertain or not verdict.now:
        return None
    return Edit(found.file, c.line, c.column, c.number, verdict.now, found.identity)


@dataclass
class FileResult:
    file: str
    applied: list[Edit]
    skipped: list[tuple[Edit, str]]  # (edit, why): every edit not applied
    diff: str = ""
    refused: str = ""  # why the whole file was left as it was, if it was
    edits: list[Edit] = field(default_factory=list)  # the file's edits, each once


def apply(edits: Iterable[Edit], write: bool, inside: Inside | None = None) -> list[FileResult]:
    """Each file's edits made (``write``) or only shown as a diff, file by file, in the
    order of the edits. ``inside``: the tree a symbolic link may lead into (``walking.Tree``;
    None: no link is followed). A file reached by two paths (a link and its target) is one
    file, fixed once; a file that cannot be fixed is a result with ``refused`` set."""
    files: dict[object, list[Edit]] = {}
    real: dict[str, str] = {}
    for edit in edits:
        if edit.identity is not None:
            key: object = edit.identity[:2]  # st_dev, st_ino
        else:
            key = real.get(edit.file) or real.setdefault(edit.file, os.path.realpath(edit.file))
        files.setdefault(key, []).append(edit)
    return [_fix_file(file_edits, write, inside) for file_edits in files.values()]


def _fix_file(edits: list[Edit], write: bool, inside: Inside | None) -> FileResult:
    # The path to open: one that is no symbolic link, if the file was reached by one too.
    names = list(dict.fromkeys(edit.file for edit in edits))
    file = next((n for n in names if os.path.realpath(n) == os.path.abspath(n)), names[0])
    unique = sorted(
        {(e.line, e.column, e.old, e.new): e for e in reversed(edits)}.values(),
        key=lambda e: (e.line, e.column),
    )
    result = FileResult(file, [], [], edits=unique)
    identities = {edit.identity for edit in unique}
    if len(identities) > 1:
        return _refused(result, "changed between two reads of it in the scan")
    try:
        with Rewrite(file, identities.pop(), inside, write) as target:
            out = target.output.write if target.output is not None else _discard
            result.applied, result.skipped = rewritten(target.source.read, out, unique)
            if result.applied:
                if write:
                    target.commit()
                else:
                    target.source.seek(0)
                    result.diff = diff(target.source.read, result.applied, file)
    except Refused as exc:
        return _refused(result, exc.why)
    except UnicodeDecodeError:
        return _refused(result, "not UTF-8")
    except OSError as exc:  # a read that failed mid-way (EIO)
        return _refused(result, exc.strerror or str(exc))
    return result


def _refused(result: FileResult, why: str) -> FileResult:
    result.refused, result.applied, result.diff = why, [], ""
    result.skipped = [(edit, why) for edit in result.edits]
    return result


def _discard(data: bytes) -> int:
    return len(data)


def rewritten(
    read: Callable[[int], bytes],
    write: Callable[[bytes], object],
    edits: Sequence[Edit],
    block: int = BLOCK,
) -> tuple[list[Edit], list[tuple[Edit, str]]]:
    """The file ``read`` gives, to ``write`` with each edit made (``edits`` in order of
    line and column), ``block`` bytes at a time: (edits made, edits left with why). Raises
    UnicodeDecodeError on bytes that are not UTF-8."""
    applied: list[Edit] = []
    skipped: list[tuple[Edit, str]] = []
    waiting = deque(edits)
    check = codecs.getincrementaldecoder("utf-8")().decode
    data, line, column, end_of_file = b"", 1, 1, False
    while True:
        if not end_of_file:
            more = read(block)
            end_of_file = not more
            check(more, final=end_of_file)
            data += more
        limit = len(data) if end_of_file else max(len(data) - HOLD, 0)
        at = _Cursor(data, line, column)
        written = 0
        while waiting:
            edit = waiting[0]
            where = at.seek(edit.line, edit.column, limit)
            if where is None:
                break  # in a later block
            old = edit.old.encode("ascii")
            if where < 0 or data[where : where + len(old)].lower() != old:
                skipped.append((waiting.popleft(), NOT_THERE))
                continue
            write(data[written:where])
            write(edit.new.encode("ascii"))
            written = where + len(old)
            at.past(len(old))
            applied.append(waiting.popleft())
        end = max(limit, written)
        at.advance(end)
        write(data[written:end])
        data, line, column = data[end:], at.line, at.column
        if end_of_file and not data:
            break
    skipped.extend((edit, NOT_THERE) for edit in waiting)
    return applied, skipped


def _characters(data: bytes) -> int:
    return len(data.translate(None, _CONTINUATION))


class _Cursor:
    """A place in a block (``at``) as the scan counts it: line, and column in characters."""

    def __init__(self, data: bytes, line: int, column: int) -> None:
        self.data, self.at, self.line, self.column = data, 0, line, column

    def advance(self, end: int) -> None:
        data = self.data
        if end <= self.at:
            return
        newlines = data.count(b"\n", self.at, end)
        if newlines:
            self.line += newlines
            self.column = 1 + _characters(data[data.rfind(b"\n", self.at, end) + 1 : end])
        else:
            self.column += _characters(data[self.at : end])
        self.at = end

    def past(self, ascii_bytes: int) -> None:
        self.at += ascii_bytes
        self.column += ascii_bytes

    def seek(self, line: int, column: int, limit: int) -> int | None:
        """The offset of (line, column) if before ``limit``; None if past it (the cursor
        then at ``limit``); -1 if the file has no such place (a line too short, a place
        already passed)."""
        data = self.data
        if (line, column) < (self.line, self.column):
            return -1
        if self.at >= limit:
            return None
        if self.line < line:
            if self.line + data.count(b"\n", self.at, limit) < line:
                self.advance(limit)
                return None
            for _ in range(line - self.line):
                self.at = data.find(b"\n", self.at, limit) + 1
            self.line, self.column = line, 1
        need = column - self.column
        while need > 0:
            stop = self.at + need
            if data.find(b"\n", self.at, min(stop, limit)) >= 0:
                return -1  # the line ends before the column
            if stop > limit:
                self.advance(limit)
                return None
            counted = _characters(data[self.at : stop])
            self.at, self.column, need = stop, self.column + counted, need - counted
        while self.at < limit and data[self.at] in _CONTINUATION:
            self.at += 1  # the rest of the character the count ended in
        return self.at if self.at < limit else None


def diff(read: Callable[[int], bytes], applied: list[Edit], file: str, block: int = BLOCK) -> str:
    """``diff -u`` of the edits made (``applied``) to the file ``read`` gives, reading it
    ``block`` bytes at a time and holding only the lines shown."""
    from rulesdb.util.text import visible

    changed: dict[int, list[Edit]] = {}
    for edit in applied:
        changed.setdefault(edit.line, []).append(edit)
    hunks: list[list[int]] = []  # [first line, last line]
    for number in sorted(changed):
        first, last = max(1, number - CONTEXT), number + CONTEXT
        if hunks and first <= hunks[-1][1] + 1:
            hunks[-1][1] = last
        else:
            hunks.append([first, last])
    lines = _lines(read, hunks, block)
    name = visible(file)
    out = [f"--- a/{name}\n+++ b/{name}\n"]
    for first, last in hunks:
        shown = [n for n in range(first, last + 1) if n in lines]
        count = len(shown)
        span = f"{first}" if count == 1 else f"{first},{count}"
        out.append(f"@@ -{span} +{span} @@\n")
        run: list[int] = []
        for number in [*shown, 0]:
            if number in changed:
                run.append(number)
                continue
            out.extend(_diff_line("-", lines[n]) for n in run)
            out.extend(_diff_line("+", _edited(lines[n], changed[n])) for n in run)
            run = []
            if number:
                out.append(_diff_line(" ", lines[number]))
    return "".join(out)


def _diff_line(mark: str, line: bytes) -> str:
    text = line.decode("utf-8")
    return mark + text if text.endswith("\n") else f"{mark}{text}\n\\ No newline at end of file\n"


def _edited(line: bytes, edits: list[Edit]) -> bytes:
    out = []
    start = 0
    for edit in sorted(edits, key=lambda e: e.column):
        at = _Cursor(line, 1, 1).seek(1, edit.column, len(line))
        assert at is not None and at >= 0  # the rewrite found it there
        out += [line[start:at], edit.new.encode("ascii")]
        start = at + len(edit.old)
    return b"".join([*out, line[start:]])


def _lines(read: Callable[[int], bytes], spans: list[list[int]], size: int) -> dict[int, bytes]:
    """The lines of the file ``read`` gives in ``spans`` ([first, last], in order), with
    their line ends; the others counted, not kept."""
    wanted = deque(n for first, last in spans for n in range(first, last + 1))
    lines: dict[int, bytes] = {}
    line, partial = 1, b""
    while wanted:
        block = read(size)
        if not block:
            if partial:
                lines[line] = partial
            break
        at = 0
        while wanted and at < len(block):
            if line < wanted[0]:
                if line + block.count(b"\n", at) < wanted[0]:
                    line += block.count(b"\n", at)
                    break
                for _ in range(wanted[0] - line):
                    at = block.find(b"\n", at) + 1
                line = wanted[0]
                if at >= len(block):
                    break
            end = block.find(b"\n", at)
            if end < 0:
                partial += block[at:]
                break
            lines[line] = partial + block[at : end + 1]
            partial, line, at = b"", line + 1, end + 1
            wanted.popleft()
    return lines


def rewrite_file(
    path: str | Path,
    change: Callable[[bytes], bytes],
    expected: FileIdentity | None = None,
    inside: Inside | None = None,
    write: bool = True,
) -> bool:
    """A small file (at most ``MAX_SMALL`` bytes: a pin file) rewritten whole as
    ``change(its bytes)`` gives it, with the guarantees of ``--fix``: never through a
    symbolic link out of ``inside`` (nor replacing one), owner, group and mode kept, a
    read-only file refused, the rename atomic, and the file re-checked against
    ``expected`` (its identity when first read, e.g. ``Pin.identity``) on opening and
    just before the rename. Whether it changed (``write=False``: would change); raises
    ``Refused`` (one line: the path and why) when it cannot be."""
    with Rewrite(path, expected, inside, write) as target:
        before = target.source.read(MAX_SMALL + 1)
        if len(before) > MAX_SMALL:
            raise Refused(path, f"over {MAX_SMALL:,} bytes; not rewritten whole")
        after = change(before)
        if after == before:
            return False
        if target.output is not None:
            target.output.write(after)
            target.commit()
        return True
