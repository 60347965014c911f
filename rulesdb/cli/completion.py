"""Shell completion of values: categories and release dates.

Completion runs on every Tab, so it never creates, upgrades or writes a database: it reads
the one the command line names (--db, $RULESDB_URL or the embedded default) when that
exists, and otherwise the seeds this rulesdb ships. Any failure completes nothing.
"""

from __future__ import annotations

import json
from typing import Any

import click

_CATEGORIES = (
    "SELECT category, MIN(rule) AS rule FROM release_category GROUP BY category "
    "ORDER BY MIN(rule), category"
)
_DATES = "SELECT effective_date FROM release ORDER BY effective_date"


def categories(ctx: click.Context, incomplete: str) -> list[str]:
    found = _query(ctx, _CATEGORIES)
    if found is None:
        found = _shipped_categories()
    return [name for name in found if name.startswith(incomplete.casefold())]


def release_dates(ctx: click.Context, incomplete: str) -> list[str]:
    found = _query(ctx, _DATES)
    if found is None:
        found = _shipped_dates()
    return [day for day in found if day.startswith(incomplete)]


def _query(ctx: click.Context, sql: str) -> list[str] | None:
    """The first column of ``sql`` on the database the command line names, if it exists."""
    try:
        from sqlalchemy import text

        from rulesdb.store.engine import make_engine, resolve_url, sqlite_file

        url, _ = resolve_url(ctx.find_root().params.get("db"))
        path = sqlite_file(url)
        if path is not None and not path.is_file():
            return None  # connecting would create the file
        engine = make_engine(url)
        try:
            with engine.connect() as connection:
                values = connection.execute(text(sql)).scalars().all()
        finally:
            engine.dispose()
    except Exception:  # a missing table, an unreachable server: nothing to offer
        return None
    return [
        value.isoformat() if hasattr(value, "isoformat") else str(value) for value in values
    ] or None


def _shipped_dates() -> list[str]:
    try:
        from rulesdb.store.paths import seeds_dir

        names = sorted(path.stem for path in seeds_dir().glob("cr_*.json"))
    except Exception:
        return []
    return [name.removeprefix("cr_").replace("_", "-") for name in names]


def _shipped_categories() -> list[str]:
    try:
        from rulesdb.store.paths import seeds_dir

        latest = max(seeds_dir().glob("cr_*.json"))
        seed: dict[str, Any] = json.loads(latest.read_text(encoding="utf-8"))
    except Exception:
        return []
    return [item["name"] for item in seed.get("subtype_categories", [])]
