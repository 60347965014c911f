"""The release a repository's code is written against: ``[tool.rulesdb] cr = "2026-08-07"``
(a date or a set code) in the nearest ``.rulesdb.toml`` or ``pyproject.toml``, and a copy of
the Comprehensive Rules vendored in the tree (``MagicCompRules*.txt``), whose release is
read from its own text (its "effective as of" line, as ``ingest`` reads it)."""

from __future__ import annotations

import fnmatch
import os
import tomllib
from dataclasses import dataclass
from datetime import date
from pathlib import Path

from rulesdb.errors import CRFormatError, RulesdbError
from rulesdb.util.files import FileIdentity, NotARegularFile, open_regular
from rulesdb.util.text import visible

PIN_FILES = (".rulesdb.toml", "pyproject.toml")
VENDORED_CR = "magiccomprules*.txt"  # matched case-insensitively against a file's name
MAX_PIN_BYTES = 1 << 20  # a pyproject.toml past 1 MB is not read for a pin


@dataclass(frozen=True)
class Pin:
    """``cr = VALUE`` and the file that says it, with which file and which state of it was
    read (``fixing.rewrite_file`` rewrites only that one)."""

    file: Path
    value: str
    identity: FileIdentity | None = None


def find_pin(start: Path) -> Pin | None:
    """The pin nearest ``start`` (a file's folder, or a folder), looking upward to the top
    of its git work tree (a folder holding ``.git``) or of the file system; in each folder
    ``.rulesdb.toml`` (``cr`` at its top or under ``[tool.rulesdb]``), then
    ``pyproject.toml`` (under ``[tool.rulesdb]``). A file that says nothing is passed by."""
    folder = start.resolve()
    if not folder.is_dir():
        folder = folder.parent
    for here in (folder, *folder.parents):
        for name in PIN_FILES:
            pin = _pin_in(here / name)
            if pin is not None:
                return pin
        if (here / ".git").exists():
            return None
    return None


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
        document = tomllib.loads(data.decode("utf-8"))
    except (tomllib.TOMLDecodeError, UnicodeDecodeError) as exc:
        raise RulesdbError(f"{visible(str(path))}: not TOML: {exc}") from None
    except RecursionError:
        raise RulesdbError(
            f"{visible(str(path))}: not read for a pin: nested too deep for the TOML reader"
        ) from None
    except NotARegularFile as exc:
        raise RulesdbError(f"{visible(str(path))}: {exc.strerror}; not read for a pin") from None
    except OSError as exc:
        raise RulesdbError(f"{visible(str(path))}: {exc.strerror or exc}") from None
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
    return Pin(path, value.strip(), identity)


def is_vendored_cr(path: Path) -> bool:
    return fnmatch.fnmatch(path.name.lower(), VENDORED_CR)


def vendored_release(path: Path) -> date:
    """The effective date a CR text file states (``CRFormatError`` if it states none)."""
    from rulesdb.ingest.decoding import read_cr_file
    from rulesdb.ingest.document import read_effective_date

    text, _ = read_cr_file(path)
    return read_effective_date(text.split("\n", 50)[:50], str(path), text)


__all__ = ["CRFormatError", "Pin", "find_pin", "is_vendored_cr", "vendored_release"]
