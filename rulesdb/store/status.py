"""What ``rulesdb info`` reports: which database this is, where, and how far along the chain.

Only reads: a SQLite file that does not exist yet is reported as such, never created.
"""

from __future__ import annotations

from datetime import date
from typing import Any

from sqlalchemy import Engine, text
from sqlalchemy.exc import OperationalError, ProgrammingError

from rulesdb import __version__
from rulesdb.settings import SETTINGS
from rulesdb.store.chain import current_revision, head_revision
from rulesdb.store.engine import mask, mask_text, sqlite_file
from rulesdb.store.paths import data_root


def describe(engine: Engine, *, is_default: bool) -> dict[str, Any]:
    """JSON-ready: url (password masked), default, file, file_bytes, revision, head, at_head,
    releases, first_release, latest_release, bulletins (the releases whose update bulletin
    is curated, known or, from 2007-07 to 2022-10, not recorded), rulesdb_version, data_root,
    settings (each
    setting rulesdb reads from the environment: name, value, default, help)."""
    path = sqlite_file(engine.url)
    exists = path is None or path.is_file()
    revision = current_revision(engine) if exists else None
    count, first, latest = _releases(engine) if exists and revision else (0, None, None)
    bulletins = _bulletins(engine) if exists and revision else None
    head = head_revision()
    return {
        "url": mask(engine.url),
        "default": is_default,
        "file": str(path.resolve()) if path is not None else None,
        "file_bytes": path.stat().st_size if path is not None and exists else None,
        "revision": revision,
        "head": head,
        "at_head": revision == head,
        "releases": count,
        "first_release": first,
        "latest_release": latest,
        "bulletins": bulletins,
        "rulesdb_version": __version__,
        "data_root": str(data_root()),
        "settings": [
            {
                "name": setting.name,
                "value": _shown(setting.raw()),
                "default": None if setting.default is None else str(setting.default),
                "help": setting.help,
            }
            for setting in SETTINGS
        ],
    }


def _shown(value: str | None) -> str | None:
    return None if value is None else mask_text(value)


def _releases(engine: Engine) -> tuple[int, str | None, str | None]:
    try:
        with engine.connect() as connection:
            count, first, latest = connection.execute(
                text("SELECT COUNT(*), MIN(effective_date), MAX(effective_date) FROM release")
            ).one()
    except (OperationalError, ProgrammingError):  # a schema revision before the release table
        return 0, None, None
    return int(count), _iso(first), _iso(latest)


# Wizards published the Comprehensive Rules part of update bulletins from 2007-07 to 2022-10.
BULLETIN_YEARS = ("2007-07-01", "2022-10-31")


def _bulletins(engine: Engine) -> dict[str, list[str]] | None:
    """Which releases have Wizards' update bulletin: curated (their reasons are loaded), known
    (not yet curated), and none recorded though in the years Wizards published them."""
    try:
        with engine.connect() as connection:
            rows = connection.execute(
                text(
                    "SELECT r.effective_date, b.curated FROM release r LEFT JOIN "
                    "release_bulletin b ON b.release_date = r.effective_date "
                    "ORDER BY r.effective_date"
                )
            ).all()
    except (OperationalError, ProgrammingError):  # a database made before bulletins
        return None
    found: dict[str, list[str]] = {"curated": [], "known": [], "none": []}
    for day, curated in rows:
        iso = _iso(day) or ""
        if curated is not None:
            found["curated" if curated else "known"].append(iso)
        elif BULLETIN_YEARS[0] <= iso <= BULLETIN_YEARS[1]:
            found["none"].append(iso)
    return found


def _iso(value: Any) -> str | None:
    if value is None:
        return None
    return value.isoformat() if isinstance(value, date) else str(value)
