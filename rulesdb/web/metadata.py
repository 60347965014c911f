"""Datasette's metadata for a rulesdb database: every description, and the canned queries."""

from __future__ import annotations

from pathlib import Path
from typing import Any

from sqlalchemy.engine import URL

from rulesdb.questions import listings
from rulesdb.store.descriptions import descriptions
from rulesdb.store.engine import make_engine
from rulesdb.web.canned import canned_queries

DATABASE = "rulesdb"  # the name the database has in Datasette's URLs (/rulesdb/v_subtype)
SQL_TIME_LIMIT_MS = 1000  # a query running longer is cancelled (Datasette's own default)


def about(first: str | None, last: str | None) -> str:
    """The database's description, with the span of releases the file holds."""
    span = f"from {first} to {last}" if first and last else "none yet"
    return (
        "The Magic: The Gathering Comprehensive Rules type system, release by release: card "
        "types (205.2a), supertypes (205.4a) and every category's subtypes (205.3g-q), each "
        "with the rule listing it, and the whole rulebook with its keywords; every official "
        f"release the file holds ({span})."
    )


def release_span(path: Path) -> tuple[str | None, str | None]:
    """The first and the latest release in the SQLite file at ``path``, read-only."""
    engine = make_engine(
        URL.create("sqlite", database=path.resolve().as_uri(), query={"mode": "ro", "uri": "true"})
    )
    try:
        days = [row["effective_date"] for row in listings.releases(engine)]
    finally:
        engine.dispose()
    return (days[0], days[-1]) if days else (None, None)


SETTINGS: dict[str, Any] = {
    "sql_time_limit_ms": SQL_TIME_LIMIT_MS,
    "max_returned_rows": 2000,
    "suggest_facets": False,
}


def metadata(path: Path) -> dict[str, Any]:
    """Datasette's metadata for the file at ``path``: its description names the releases the
    file holds (read when the server starts)."""
    description = about(*release_span(path))
    tables = {
        item.name: {"description": item.description, "columns": dict(item.columns)}
        for item in descriptions().values()
    }
    queries = {
        query.name: {"title": query.title, "description": query.description, "sql": query.sql}
        for query in canned_queries()
    }
    return {
        "title": "rulesdb",
        "description": description,
        "source": "Magic: The Gathering Comprehensive Rules (Wizards of the Coast)",
        "source_url": "https://magic.wizards.com/en/rules",
        "databases": {DATABASE: {"description": description, "tables": tables, "queries": queries}},
    }
