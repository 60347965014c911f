"""The release a repository's code is written against: ``[tool.rulesdb] cr = "2026-08-07"``
(a date or a set code) in the nearest ``.rulesdb.toml`` or ``pyproject.toml``, and a copy of
the Comprehensive Rules vendored in the tree (``MagicCompRules*.txt``), whose release is
read from its own text (its "effective as of" line, as ``ingest`` reads it)."""

from __future__ import annotations

import fnmatch
import os
import re
import subprocess
import tomllib
from dataclasses import dataclass
from datetime import date
from pathlib import Path

from rulesdb.errors import CRFormatError, RulesdbError
from rulesdb.settings import environment_without
from rulesdb.util.files import FileIdentity, NotARegularFile, open_regular
from rulesdb.util.text import visible

PIN_FILES = (".rulesdb.toml", "pyproject.toml")
VENDORED_CR = "magiccomprules*.txt"  # matched case-insensitively against a file's name
MAX_PIN_BYTES = 1 << 20  # a pyproject.toml past 1 MB is not read for a pin


@dataclass(frozen=True)
class Pin:
    """``cr = VALUE`` and the file that says it, with which file and which state of it was
    read (``fixing.rewrite_file`` rewrites only that one); ``moved_from``: the release
    ``--fix`` last moved the tree's citations from (``moved-from = ...``, written with the
    move)."""

    file: Path
    value: str
    identity: FileIdentity | None = None
    moved_from: str | None = None


def find_pin(start: Path) -> Pin | None:
    """The pin nearest ``start`` (a file's folder, or a folder), looking upward to the top
    of its git work tree (a folder holding ``.git``); outside one, up to the user's home
    when ``start`` is under it, else in ``start``'s folder alone: never in a shared folder
    above it (a ``/tmp/.rulesdb.toml`` another user planted). In each folder
    ``.rulesdb.toml`` (``cr`` at its top or under ``[tool.rulesdb]``), then
    ``pyproject.toml`` (under ``[tool.rulesdb]``). A file that says nothing is passed by."""
    folder = start.resolve()
    if not folder.is_dir():
        folder = folder.parent
    chain = (folder, *folder.parents)
    top = next((here for here in chain if (here / ".git").exists()), None) or _top_outside(folder)
    for here in chain:
        for name in PIN_FILES:
            pin = _pin_in(here / name)
            if pin is not None:
                return pin
        if here == top:
            return None
    return None


def _top_outside(folder: Path) -> Path:
    """Where the search stops outside a work tree: the user's home, if ``folder`` is in it."""
    try:
        home = Path.home().resolve()
    except (RuntimeError, KeyError):  # no home to be found
        return folder
    return home if folder == home or home in folder.parents else folder


def _pin_in(path: Path) -> Pin | None:
    """The pin ``path`` holds; None when there is no such file or it pins nothing. A pin
    file that is not a regular file (a FIFO, a device, a folder) is an error, as is one that
    is not TOML, over 1 MB, or nested too deep for the TOML reader."""
    try:
        os.lstat(path)
    except (FileNotFoundError, NotADirectoryError, PermissionError):
        return None
    except OSError as exc:
        raise RulesdbError(f"{visible(str(path))}: {exc.strerror or exc}") from None
    try:
        with open_regular(path) as handle:
            identity = FileIdentity.of(os.fstat(handle.fileno()))
            data = handle.read(MAX_PIN_BYTES + 1)
        if len(data) > MAX_PIN_BYTES:
            raise RulesdbError(
                f"{visible(str(path))}: over {MAX_PIN_BYTES:,} bytes; not read for a pin"
            )
    except NotARegularFile as exc:
        raise RulesdbError(f"{visible(str(path))}: {exc.strerror}; not read for a pin") from None
    except OSError as exc:
        raise RulesdbError(f"{visible(str(path))}: {exc.strerror or exc}") from None
    return _pin_of(path, data, identity)


def _pin_of(path: Path, data: bytes, identity: FileIdentity | None = None) -> Pin | None:
    """The pin a pin file's bytes say, if any."""
    try:
        document = tomllib.loads(data.decode("utf-8"))
    except (tomllib.TOMLDecodeError, UnicodeDecodeError) as exc:
        raise RulesdbError(f"{visible(str(path))}: not TOML: {exc}") from None
    except RecursionError:
        raise RulesdbError(
            f"{visible(str(path))}: not read for a pin: nested too deep for the TOML reader"
        ) from None
    tool = document.get("tool")
    table = tool.get("rulesdb") if isinstance(tool, dict) else None
    value = table.get("cr") if isinstance(table, dict) else None
    if value is None and path.name == ".rulesdb.toml":
        value = document.get("cr")
    if value is None:
        return None
    if isinstance(value, date):  # TOML's own date: cr = 2026-08-07
        value = value.isoformat()
    if not isinstance(value, str) or not value.strip():
        raise RulesdbError(
            f"{path}: [tool.rulesdb] cr = {value!r}: expected a release, "
            'a date ("2026-08-07") or a set code ("EOE")'
        )
    moved = table.get("moved-from") if isinstance(table, dict) else None
    if moved is None and path.name == ".rulesdb.toml":
        moved = document.get("moved-from")
    if isinstance(moved, date):
        moved = moved.isoformat()
    return Pin(path, value.strip(), identity, moved if isinstance(moved, str) else None)


def pinned_at_head(pin: Pin) -> str | None:
    """The pin the same file says in the git commit checked out (HEAD), when the file is in
    a git work tree and says another release now: the pin moved by hand since that commit.
    None otherwise (no git, no commit, the same pin)."""
    folder = pin.file.parent
    try:
        run = subprocess.run(
            ["git", "-C", str(folder), "show", f"HEAD:./{pin.file.name}"],
            capture_output=True,
            timeout=10,
            env=environment_without(
                ("GIT_DIR", "GIT_WORK_TREE", "GIT_INDEX_FILE", "GIT_COMMON_DIR")
            ),
            check=False,
        )
    except (OSError, subprocess.SubprocessError):
        return None
    if run.returncode != 0 or len(run.stdout) > MAX_PIN_BYTES:
        return None
    try:
        before = _pin_of(pin.file, run.stdout)
    except RulesdbError:
        return None
    if before is None or before.value == pin.value or before.value == pin.moved_from:
        return None  # the same pin, or the move --fix made (and recorded) with the citations
    return before.value


# `cr = ...` on its own line: the key, the value (a string or a TOML date), the rest.
_CR_LINE = re.compile(
    r'^(?P<key>[ \t]*cr[ \t]*=[ \t]*)(?P<value>"[^"\n]*"|\'[^\'\n]*\'|\d{4}-\d\d-\d\d)'
    r"(?P<rest>[^\n]*)$",
    re.MULTILINE,
)
_MOVED_LINE = re.compile(r"[ \t]*moved-from[ \t]*=[^\n]*(?:\n|$)")
_TABLE = re.compile(r"^[ \t]*\[+[ \t]*([^\]\n]+?)[ \t]*\]+", re.MULTILINE)


def repinned(pin: Pin, text: str, release: date, moved_from: date) -> str:
    """The pin file's text with its pin moved to ``release`` (as the value was written: a
    TOML date stays a date, a string a string) and the move recorded on the next line
    (``moved-from = "..."``, replacing the last record); every other byte kept. An error
    when the pin's line cannot be found for certain (a pin split over lines, an inline
    table)."""
    wanted = "tool.rulesdb"
    top = pin.file.name == ".rulesdb.toml"
    edits = []
    for match in _CR_LINE.finditer(text):
        tables = [t[1].replace(" ", "") for t in _TABLE.finditer(text, 0, match.start())]
        table = tables[-1] if tables else None
        if table == wanted or (top and table is None):
            edits.append(match)
    if len(edits) != 1:
        raise RulesdbError(f"{pin.file}: cannot find the one line that pins cr; not moved")
    match = edits[0]
    written = match["value"]
    value = release.isoformat() if written[0].isdigit() else f'"{release.isoformat()}"'
    record = f'{match["key"].split("cr")[0]}moved-from = "{moved_from.isoformat()}"'
    line_end = text.find("\n", match.end())
    rest = text[line_end + 1 :] if line_end >= 0 else ""
    old = _MOVED_LINE.match(rest)
    if old:
        rest = rest[old.end() :]
    moved = (
        text[: match.start("value")]
        + value
        + text[match.end("value") : line_end if line_end >= 0 else len(text)]
        + "\n"
        + record
        + "\n"
        + rest
    )
    after = _pin_of(pin.file, moved.encode("utf-8"))
    if after is None or after.value != release.isoformat():
        raise RulesdbError(f"{pin.file}: moving the pin would not pin {release}; not moved")
    return moved


def is_vendored_cr(path: Path) -> bool:
    return fnmatch.fnmatch(path.name.lower(), VENDORED_CR)


def vendored_release(path: Path) -> date:
    """The effective date a CR text file states (``CRFormatError`` if it states none)."""
    from rulesdb.ingest.decoding import read_cr_file
    from rulesdb.ingest.document import read_effective_date

    text, _ = read_cr_file(path)
    return read_effective_date(text.split("\n", 50)[:50], str(path), text)


__all__ = [
    "CRFormatError",
    "Pin",
    "find_pin",
    "is_vendored_cr",
    "pinned_at_head",
    "repinned",
    "vendored_release",
]
