"""Load and unload one CR release into the schema of ``0003_release_sets``: everything the
loader of ``0002_lineage`` loads, and the set the release came with.

A seed of format 3 is a seed of format 2 with ``set``: ``[code, name]`` of the set or product
the release came with, or null for an update between sets. ``load_facts_seed`` loads the sets
and later-found merges of the releases before a data revision (``seeds/release_facts_0003.json``,
``release_facts_0004.json``); ``unload_facts_seed`` deletes exactly the rows its seed names.

Like the loaders before it, nothing here imports rulesdb's library.
"""

from __future__ import annotations

import json
from typing import Any

from alembic import op

from rulesdb_loaders import schema_0001, schema_0002
from rulesdb_loaders.schema_0001 import SEEDS, _checked, _flush, _Sql, _table

SEED_FORMAT = 3
FACTS_FORMAT = 1

RELEASE_SET = _table("release_set", "release_date:date", "code:varchar", "name:varchar")
SUBTYPE_MERGE = _table("subtype_merge", "release_date:date", "category:varchar",
                       "old_name:varchar", "new_name:varchar", "rule:varchar")


def _facts(name: str, sha256: str) -> dict[str, Any]:
    seed = json.loads(_checked(SEEDS / name, sha256))
    if seed.get("format") != FACTS_FORMAT:
        raise RuntimeError(f"{name} is format {seed.get('format')}, loader is {FACTS_FORMAT}")
    return seed


def load_facts_seed(name: str, sha256: str) -> None:
    """The sets and later-found merges of the releases already loaded."""
    bind = op.get_bind()
    _flush(bind)
    sql = _Sql(bind)
    seed = _facts(name, sha256)
    loaded = [str(row[0]) for row in sql.query(
        "SELECT effective_date FROM release ORDER BY effective_date")]
    if loaded != seed["releases"]:
        raise RuntimeError(f"{name} is for {len(seed['releases'])} releases, the database "
                           f"holds {len(loaded)}: upgrade the releases before it first")
    sql.insert(RELEASE_SET, [(sql.day(day), code, set_name) for day, code, set_name
                             in seed["sets"]])
    sql.insert(SUBTYPE_MERGE, [(sql.day(day), *rest) for day, *rest in seed["merges"]])


def unload_facts_seed(name: str, sha256: str) -> None:
    """Exactly the rows :func:`load_facts_seed` inserted."""
    bind = op.get_bind()
    _flush(bind)
    sql = _Sql(bind)
    seed = _facts(name, sha256)
    sql.execute_many("DELETE FROM subtype_merge WHERE release_date = ? AND category = ? "
                     "AND old_name = ?", [(sql.day(day), category, old)
                                          for day, category, old, *_ in seed["merges"]])
    sql.execute_many("DELETE FROM release_set WHERE release_date = ?",
                     [(sql.day(day),) for day, *_ in seed["sets"]])


def load_release(revision: str, seed_name: str, seed_sha256: str) -> None:
    """Every row of the release the seed describes, its lineage and set too, in the
    revision's transaction."""
    seed = schema_0001.read_seed(seed_name, seed_sha256, expected=SEED_FORMAT)
    schema_0002.load_seed(revision, seed, seed_sha256)
    if seed["set"] is not None:
        sql = _Sql(op.get_bind())
        sql.insert(RELEASE_SET, [(sql.day(seed["effective_date"]), *seed["set"])])


def unload_release(revision: str) -> None:
    """Delete exactly the rows :func:`load_release` inserted."""
    bind = op.get_bind()
    _flush(bind)
    sql = _Sql(bind)
    day = sql.day(revision.removeprefix("cr_").replace("_", "-"))
    sql.execute("DELETE FROM release_set WHERE release_date = ?", (day,))
    schema_0002.unload_release(revision)
