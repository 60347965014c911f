"""Every setting rulesdb reads from the environment, declared once: name, type, default, help.

Code reads a setting through its declaration (``LOCK_WAIT.value()``), never ``os.environ``
directly, so ``rulesdb info`` lists them all, with the value in force, and a malformed value
is refused in one line naming the variable.
"""

from __future__ import annotations

import math
import os
import stat
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path
from typing import Any, Generic, TypeVar

from rulesdb.errors import RulesdbError

T = TypeVar("T")


@dataclass(frozen=True)
class Setting(Generic[T]):
    name: str
    kind: str  # "text", "path", "folder", "seconds", "megabytes" or "flag": how it is read
    default: T | None
    help: str

    def raw(self) -> str | None:
        """The variable's text, or None when unset or empty (an empty value is no value)."""
        value = os.environ.get(self.name, "")
        return value if value.strip() else None

    def value(self) -> T | None:
        text = self.raw()
        if text is None:
            return self.default
        return _READERS[self.kind](self, text)  # type: ignore[no-any-return]  # T by kind


def _text(_: Setting[str], text: str) -> str:
    return text


def _path(_: Setting[Path], text: str) -> Path:
    return Path(text).expanduser()


def _folder(setting: Setting[Path], text: str) -> Path:
    folder = Path(text).expanduser()
    try:
        mode = folder.stat().st_mode
    except (OSError, ValueError) as exc:  # missing, a name too long, a NUL byte
        why = exc.strerror if isinstance(exc, OSError) and exc.strerror else str(exc)
        raise RulesdbError(f"{setting.name}={_shown(text)}: {why}") from None
    if not stat.S_ISDIR(mode):
        raise RulesdbError(f"{setting.name}={_shown(text)} is not a folder")
    return folder


def _shown(text: str) -> str:
    """A value as a one-line message shows it: quoted, long ones cut in the middle."""
    shown = repr(text.strip())
    return shown if len(shown) <= 80 else f"{shown[:60]}…{shown[-16:]}"


def _flag(_: Setting[bool], text: str) -> bool:
    return text.strip().lower() not in ("0", "false", "no", "off")


def _seconds(setting: Setting[float], text: str) -> float:
    try:
        seconds = float(text)
    except ValueError:
        seconds = math.nan
    if not 0 <= seconds < 86400:  # also refuses nan
        raise RulesdbError(
            f"{setting.name}={text.strip()!r} is not a number of seconds (0 to 86399)"
        )
    return seconds


def _megabytes(setting: Setting[float], text: str) -> float:
    try:
        megabytes = float(text)
    except ValueError:
        megabytes = math.nan
    if not 1 <= megabytes <= 1024:  # also refuses nan
        raise RulesdbError(
            f"{setting.name}={text.strip()!r} is not a number of megabytes (1 to 1024)"
        )
    return megabytes


_READERS: dict[str, Callable[[Setting[Any], str], Any]] = {
    "text": _text,
    "path": _path,
    "folder": _folder,
    "flag": _flag,
    "seconds": _seconds,
    "megabytes": _megabytes,
}

DATABASE_URL: Setting[str] = Setting(
    "RULESDB_URL",
    "text",
    None,
    "The database when --db is not given: sqlite:///PATH or postgresql://USER@HOST/DB.",
)
DATA_HOME: Setting[Path] = Setting(
    "XDG_DATA_HOME",
    "path",
    None,
    "Where the embedded default lives: $XDG_DATA_HOME/rulesdb/rulesdb.sqlite3 "
    "(~/.local/share when unset).",
)
LOCK_WAIT: Setting[float] = Setting(
    "RULESDB_LOCK_WAIT",
    "seconds",
    60.0,
    "How long upgrade, downgrade, rebuild and new-release wait for the lock another run "
    "holds before naming it and giving up.",
)
DATA_ROOT: Setting[Path] = Setting(
    "RULESDB_DATA_ROOT",
    "folder",
    None,
    "A checkout whose migrations/ and seeds/ are used instead of the installed ones "
    "(maintainers writing releases; tests).",
)
DEBUG: Setting[bool] = Setting(
    "RULESDB_DEBUG", "flag", False, "Show the whole traceback of an error instead of its one line."
)

SQL_MAX_VALUE: Setting[float] = Setting(
    "RULESDB_SQL_MAX_VALUE",
    "megabytes",
    64.0,
    "The widest row a `rulesdb sql` query may return, in MB, counting each value as it is "
    "printed (a blob's hex twice its bytes), and the longest string or blob a query may make "
    "on SQLite (SQLite's own length limit; SQLite's heap while a query runs is bounded at "
    "it plus 32 MB); PostgreSQL checks each row before sending it. A query past it fails in "
    "one line.",
)
SQL_WORK_MEM: Setting[float] = Setting(
    "RULESDB_SQL_WORK_MEM",
    "megabytes",
    4.0,
    "The memory, in MB, each sort or hash of a `rulesdb sql` query on PostgreSQL may take "
    "before spilling to temporary files (work_mem for its session, whatever the server's; "
    "grant-read sets it on the reader's role too).",
)
SERVE_HEADER_TIMEOUT: Setting[float] = Setting(
    "RULESDB_SERVE_HEADER_TIMEOUT",
    "seconds",
    5.0,
    "How long `rulesdb serve` waits for a request's head (its request line and headers) and "
    "then for its body before closing the connection; 0 waits for ever (behind a proxy that "
    "bounds slow clients).",
)

SETTINGS: tuple[Setting[object], ...] = (  # type: ignore[assignment]
    DATABASE_URL,
    DATA_HOME,
    LOCK_WAIT,
    DATA_ROOT,
    DEBUG,
    SQL_MAX_VALUE,
    SQL_WORK_MEM,
    SERVE_HEADER_TIMEOUT,
)


def environment_without(names: tuple[str, ...]) -> dict[str, str]:
    """This process's environment for a child process, without ``names`` (git's variables
    pointing at another repository, say): passed on, not read as settings."""
    return {key: value for key, value in os.environ.items() if key not in names}
