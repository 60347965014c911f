"""PostgreSQL comments (``COMMENT ON``) on tables, views and columns; nothing on SQLite.

Versioned and frozen like ``release_v1``: a revision passes the text it sets, or the name of a
frozen descriptions file beside this module (``descriptions_v1.toml``), never the live
``rulesdb/store/descriptions.toml``, so an old revision sets the same comments forever.

In a revision that creates a table, view or column, with the same text as its line in
``rulesdb/store/descriptions.toml``::

    from rulesdb_loaders.comments_v1 import comment_on, uncomment
    comment_on("release_note", "One row per ...", {"release_date": "...", "note": "..."})

A column added to an existing table: ``comment_columns("release", {"in_force_until": "..."})``.
Dropping a table or view drops its comments; a downgrade that keeps the object (a view
replaced, a column kept) removes what its upgrade set: ``comment_columns(t, {"c": None})``.
"""

from __future__ import annotations

import tomllib
from collections.abc import Iterable, Mapping
from pathlib import Path

from alembic import op

HERE = Path(__file__).resolve().parent


def frozen(name: str) -> dict[str, tuple[str, dict[str, str]]]:
    """A frozen descriptions file: table → (description, {column: description})."""
    document = tomllib.loads((HERE / name).read_text(encoding="utf-8"))
    return {table: (entry["description"], dict(entry.get("columns", {})))
            for table, entry in document.items()}


def comment_on(table: str, description: str | None,
               columns: Mapping[str, str | None] | None = None) -> None:
    """Set (or, with None, remove) the comments of a table or view and of its columns."""
    if not _postgresql():
        return  # SQLite has no comments; Datasette reads descriptions.toml instead
    kind = "VIEW" if _is_view(table) else "TABLE"
    op.execute(f"COMMENT ON {kind} {_quote(table)} IS {_literal(description)}")
    comment_columns(table, columns or {})


def comment_columns(table: str, columns: Mapping[str, str | None]) -> None:
    """Only these columns' comments (a column added to an existing table or view)."""
    if not _postgresql():
        return
    for column, text in columns.items():
        op.execute(f"COMMENT ON COLUMN {_quote(table)}.{_quote(column)} IS {_literal(text)}")


def uncomment(table: str, columns: Iterable[str] = ()) -> None:
    """Remove exactly the comments ``comment_on`` set on a table or view and these columns."""
    comment_on(table, None, dict.fromkeys(columns))


def apply_frozen(name: str) -> None:
    for table, (description, columns) in _present(frozen(name)):
        comment_on(table, description, columns)


def remove_frozen(name: str) -> None:
    for table, (_, columns) in _present(frozen(name)):
        uncomment(table, columns)


def _present(described: dict[str, tuple[str, dict[str, str]]]
             ) -> list[tuple[str, tuple[str, dict[str, str]]]]:
    """The described objects and columns this database has: some are one backend's own
    (SQLite's FTS5 table rulebook_fts, PostgreSQL's tsvector column rulebook_text.search)."""
    if not _postgresql():
        return []
    found = op.get_bind().exec_driver_sql(
        "SELECT table_name, column_name FROM information_schema.columns "
        "WHERE table_schema = current_schema()").all()
    columns: dict[str, set[str]] = {}
    for table, column in found:
        columns.setdefault(table, set()).add(column)
    return [(table, (description, {c: text for c, text in described_columns.items()
                                   if c in columns[table]}))
            for table, (description, described_columns) in described.items()
            if table in columns]


def _postgresql() -> bool:
    return op.get_bind().dialect.name == "postgresql"


def _quote(name: str) -> str:
    return op.get_bind().dialect.identifier_preparer.quote(name)


def _is_view(table: str) -> bool:
    found = op.get_bind().exec_driver_sql(
        "SELECT relkind FROM pg_class WHERE oid = to_regclass(%(name)s)", {"name": table}
    ).scalar()
    return found in ("v", "m")


def _literal(text: str | None) -> str:
    if text is None:
        return "NULL"
    return "'" + text.replace("'", "''") + "'"  # standard_conforming_strings: on since 9.1
