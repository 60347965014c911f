"""What every table, view and column holds, read from ``descriptions.toml`` beside this module.

The one source for Datasette's metadata (``rulesdb.web.metadata``), the models' comments
(``rulesdb.store.models``) and, through migrations, PostgreSQL's ``COMMENT ON``.
"""

from __future__ import annotations

import tomllib
from dataclasses import dataclass
from functools import cache
from pathlib import Path

SOURCE = Path(__file__).with_name("descriptions.toml")


@dataclass(frozen=True)
class Described:
    """One table or view: what it holds, and what each column holds."""

    name: str
    description: str
    columns: dict[str, str]


def parse(text: str) -> dict[str, Described]:
    """The objects of a descriptions document, by name, in the document's order."""
    document = tomllib.loads(text)
    return {
        name: Described(name, entry["description"], dict(entry.get("columns", {})))
        for name, entry in document.items()
    }


@cache
def descriptions() -> dict[str, Described]:
    return parse(SOURCE.read_text(encoding="utf-8"))


def table_description(name: str) -> str | None:
    found = descriptions().get(name)
    return found.description if found else None


def column_description(table: str, column: str) -> str | None:
    found = descriptions().get(table)
    return found.columns.get(column) if found else None
