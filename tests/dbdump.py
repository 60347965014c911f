"""A logical dump of a rulesdb database, comparable across runs and backends.

Every table's rows, sorted, as strings; plus the table and view names. Two databases that
dump equal hold the same releases, vocabulary, citations and revision.

Full-text indexes are each backend's own and derived from the text, so they are left out,
as B-tree pages are: a SQLite FTS5 table's shadow tables depend on the order of inserts and
deletes (a downgrade leaves tombstones), a PostgreSQL tsvector column is computed. The dump
checks instead that each FTS5 index matches its content (FTS5's integrity check), and two
databases then dump alike on SQLite and PostgreSQL.
"""

from __future__ import annotations

from sqlalchemy import Connection, Engine, MetaData, inspect, select, text
from sqlalchemy.dialects.postgresql import TSVECTOR

_FTS5_SHADOWS = ("_data", "_idx", "_docsize", "_config", "_content")


def dump(engine: Engine) -> dict[str, object]:
    inspector = inspect(engine)
    tables = sorted(inspector.get_table_names())
    with engine.connect() as connection:
        fts = _fts5_tables(connection)
    shadows = {name + suffix for name in fts for suffix in _FTS5_SHADOWS}
    tables = [name for name in tables if name not in shadows and name not in fts]
    result: dict[str, object] = {
        "tables": tables,
        "views": sorted(inspector.get_view_names()),
    }
    metadata = MetaData()
    metadata.reflect(engine, only=tables)
    with engine.connect() as connection:
        for name in tables:
            table = metadata.tables[name]
            columns = [c for c in table.columns if not isinstance(c.type, TSVECTOR)]
            rows = connection.execute(select(*columns)).all()
            result[name] = sorted(tuple("" if v is None else str(v) for v in row) for row in rows)
        for name in fts:  # raises if the index does not match the table it indexes
            connection.execute(text(f"INSERT INTO {name}({name}) VALUES ('integrity-check')"))
        connection.rollback()
    return result


def _fts5_tables(connection: Connection) -> list[str]:
    if connection.dialect.name != "sqlite":
        return []
    return sorted(row[0] for row in connection.execute(text(
        "SELECT name FROM sqlite_master WHERE type = 'table' "
        "AND sql LIKE 'CREATE VIRTUAL TABLE%USING fts5%'")))
