"""Give a SQLite file back the space a migration freed (VACUUM), when that space is large.

A run that deletes much (a downgrade of many releases, or to base) leaves its pages on
SQLite's free list: the file keeps its size until VACUUM rewrites it. Run after the
migration's transaction has committed, under its lock; VACUUM is itself atomic (a kill leaves
the file as it was), and SQLite refuses it inside a transaction.
"""

from __future__ import annotations

from sqlalchemy import Connection

SPARSE = 4  # compact when more than a quarter of the file's pages are free


def compact_if_sparse(connection: Connection) -> bool:
    """VACUUM a SQLite database whose free pages exceed 1/SPARSE of the file; whether it did."""
    if connection.dialect.name != "sqlite" or connection.in_transaction():
        return False
    raw = connection.connection.dbapi_connection
    assert raw is not None
    free = raw.execute("PRAGMA freelist_count").fetchone()[0]
    pages = raw.execute("PRAGMA page_count").fetchone()[0]
    if free * SPARSE <= pages:
        return False
    raw.execute("VACUUM")
    return True
