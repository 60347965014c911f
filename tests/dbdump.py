"""A logical dump of a rulesdb database, comparable across runs and backends.

Every table's rows, sorted, as strings; plus the table and view names. Two databases that
dump equal hold the same releases, vocabulary, citations and revision.

A SQLite FTS5 index is dumped by what it indexes, not by its shadow tables: their b-tree
segments depend on the order of inserts and deletes (a downgrade leaves tombstones), as a
B-tree's pages do. FTS5's own integrity check proves the index matches its content.
"""

from __future__ import annotations

from sqlalchemy import Connection, Engine, MetaData, inspect, select, text

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
            rows = connection.execute(select(table)).all()
            result[name] = sorted(tuple("" if v is None else str(v) for v in row) for row in rows)
        for name in fts:
            connection.execute(text(f"INSERT INTO {name}({name}) VALUES ('integrity-check')"))
            result[name] = sorted(row[0] for row in connection.execute(
                text(f"SELECT rowid FROM {name}")))
        connection.rollback()
    result["tables"] = sorted([*tables, *fts])
    return result


def _fts5_tables(connection: Connection) -> list[str]:
    if connection.dialect.name != "sqlite":
        return []
    return sorted(row[0] for row in connection.execute(text(
        "SELECT name FROM sqlite_master WHERE type = 'table' "
        "AND sql LIKE 'CREATE VIRTUAL TABLE%USING fts5%'")))
