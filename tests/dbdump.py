"""A logical dump of a rulesdb database, comparable across runs and backends.

Every table's rows, sorted, as strings; plus the table and view names. Two databases that
dump equal hold the same releases, vocabulary, citations and revision.
"""

from __future__ import annotations

from sqlalchemy import Engine, MetaData, inspect, select


def dump(engine: Engine) -> dict[str, object]:
    inspector = inspect(engine)
    tables = sorted(inspector.get_table_names())
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
    return result
