"""Datasette's metadata for a rulesdb database: every description, and the canned queries."""

from __future__ import annotations

from typing import Any

from rulesdb.store.descriptions import descriptions
from rulesdb.web.canned import canned_queries

DATABASE = "rulesdb"  # the name the database has in Datasette's URLs (/rulesdb/v_subtype)
SQL_TIME_LIMIT_MS = 1000  # a query running longer is cancelled (Datasette's own default)

ABOUT = ("The Magic: The Gathering Comprehensive Rules type system, release by release: card "
         "types (205.2a), supertypes (205.4a) and every category's subtypes (205.3g-q), each "
         "with the rule listing it, from every official release since 2016.")

SETTINGS: dict[str, Any] = {
    "sql_time_limit_ms": SQL_TIME_LIMIT_MS,
    "max_returned_rows": 2000,
    "suggest_facets": False,
}


def metadata() -> dict[str, Any]:
    tables = {item.name: {"description": item.description, "columns": dict(item.columns)}
              for item in descriptions().values()}
    queries = {query.name: {"title": query.title, "description": query.description,
                            "sql": query.sql}
               for query in canned_queries()}
    return {
        "title": "rulesdb",
        "description": ABOUT,
        "source": "Magic: The Gathering Comprehensive Rules (Wizards of the Coast)",
        "source_url": "https://magic.wizards.com/en/rules",
        "databases": {DATABASE: {"description": ABOUT, "tables": tables, "queries": queries}},
    }
