"""The schema as the database has it, and the frozen descriptions of 0001_schema's tables."""

from __future__ import annotations

from sqlalchemy import Engine, inspect, text

from tests.settings import ROOT

FTS5_SHADOWS = ("config", "content", "data", "docsize", "idx")


FROZEN = ROOT / "migrations" / "rulesdb_loaders" / "descriptions_0001.toml"  # 0001_schema's


# Full-text search is each backend's own: described once, present on one backend only.
OTHER_BACKENDS = {"rulebook_fts", "rulebook_text.search"}


def live_schema(engine: Engine) -> dict[str, list[str]]:
    """Every table and view of the database with its columns."""
    found = inspect(engine)
    names = [*found.get_table_names(), *found.get_view_names()]
    # An FTS5 table's shadow tables (rulebook_fts_data, ...) are SQLite's own storage.
    shadows = {f"{name}_{part}" for name in names for part in FTS5_SHADOWS}
    return {
        name: [column["name"] for column in found.get_columns(name)]
        for name in names
        if name not in shadows
    }


def pg_comments(engine: Engine) -> dict[tuple[str, str | None], str]:
    """(relation, column or None) → comment, for the public schema's tables and views."""
    with engine.connect() as connection:
        rows = connection.execute(
            text(
                "SELECT c.relname, a.attname, d.description FROM pg_description d "
                "JOIN pg_class c ON c.oid = d.objoid AND d.classoid = 'pg_class'::regclass "
                "JOIN pg_namespace n ON n.oid = c.relnamespace AND n.nspname = 'public' "
                "LEFT JOIN pg_attribute a ON a.attrelid = c.oid AND a.attnum = d.objsubid "
                "WHERE c.relkind IN ('r', 'v', 'm')"
            )
        ).all()
    return {(relation, column): comment for relation, column, comment in rows}
