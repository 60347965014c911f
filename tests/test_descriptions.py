"""Every table, view and column at head is described, and PostgreSQL carries the descriptions
as comments (what psql \\d+, DBeaver and other clients show), from rulesdb/store/descriptions.toml.

These walk the live schema, so a table, view or column added without a description fails
here by name: add its line to descriptions.toml and set the same comment in the revision that
makes it (rulesdb_loaders.objects.comment_on; a view's comes with its View).
"""

from __future__ import annotations

from collections.abc import Iterator

import pytest
from sqlalchemy import Engine
from sqlalchemy.engine import URL

from rulesdb.store.descriptions import descriptions
from rulesdb.store.engine import make_engine
from tests.support.schema import FROZEN, OTHER_BACKENDS, live_schema, pg_comments


@pytest.fixture
def pg_head(_shared_head_pg: URL) -> Iterator[Engine]:
    """The session's PostgreSQL database at head, for reading only."""
    engine = make_engine(_shared_head_pg)
    yield engine
    engine.dispose()


def test_every_table_view_and_column_is_described(small_engine: Engine) -> None:
    described = descriptions()
    schema = live_schema(small_engine)
    missing = [
        name
        for name in schema
        if not described.get(name, None) or not described[name].description.strip()
    ]
    missing += [
        f"{table}.{column}"
        for table, columns in schema.items()
        if table in described
        for column in columns
        if not described[table].columns.get(column, "").strip()
    ]
    assert missing == [], "describe these in rulesdb/store/descriptions.toml"
    stale = [name for name in described if name not in schema and name not in OTHER_BACKENDS]
    stale += [
        f"{table}.{column}"
        for table, item in described.items()
        if table in schema
        for column in item.columns
        if column not in schema[table] and f"{table}.{column}" not in OTHER_BACKENDS
    ]
    assert stale == [], "descriptions.toml describes objects the schema does not have"


def test_postgresql_comments_are_the_descriptions(pg_head: Engine) -> None:
    expected: dict[tuple[str, str | None], str] = {}
    for table, columns in live_schema(pg_head).items():
        item = descriptions()[table]
        expected[(table, None)] = item.description
        expected.update({(table, column): item.columns[column] for column in columns})
    assert pg_comments(pg_head) == expected


def test_the_schema_revision_sets_its_frozen_descriptions(pg_head: Engine) -> None:
    """The schema revisions' frozen copies together are today's descriptions.toml, each
    object described by the revision that made it (a later change of a description would be
    set by a revision of its own, and the two would part)."""
    from rulesdb.store.descriptions import parse

    frozen = {}
    for path in sorted(FROZEN.parent.glob("descriptions_*.toml")):
        part = parse(path.read_text(encoding="utf-8"))
        # An object described again is one its revision replaced: a view (v_release).
        assert all(name.startswith("v_") for name in set(part) & set(frozen)), path
        frozen.update(part)
    assert {name: (item.description, item.columns) for name, item in frozen.items()} == {
        name: (item.description, item.columns) for name, item in descriptions().items()
    }


# 0001_schema's downgrade leaves no comment behind, on Alembic's own table either: a stop of
# the round trip's walk on PostgreSQL (tests/support/chain_walk.py).
