"""Load and unload one CR release from its seed file (seed format 1, schema 0001_schema).

Versioned and frozen: release revisions call this module, never ``rulesdb.store.models``, so they
keep working however the models change. A change of schema or seed format gets a new
``release_v2`` beside this one; revisions written against v1 keep calling v1.
"""

from __future__ import annotations

import hashlib
import json
from datetime import date
from pathlib import Path
from typing import Any

import sqlalchemy as sa
from alembic import op

SEEDS = Path(__file__).resolve().parents[2] / "seeds"
SEED_FORMAT = 1

_D = sa.Date()
_S = sa.String()

release = sa.table("release", sa.column("effective_date", _D), sa.column("source_file", _S),
                   sa.column("source_sha256", _S), sa.column("seed_sha256", _S),
                   sa.column("revision", _S))
card_type = sa.table("card_type", sa.column("name", _S))
supertype = sa.table("supertype", sa.column("name", _S))
category = sa.table("category", sa.column("name", _S))
subtype = sa.table("subtype", sa.column("category", _S), sa.column("name", _S))
release_card_type = sa.table("release_card_type", sa.column("release_date", _D),
                             sa.column("card_type", _S), sa.column("rule", _S),
                             sa.column("section", _S))
release_supertype = sa.table("release_supertype", sa.column("release_date", _D),
                             sa.column("supertype", _S), sa.column("rule", _S))
release_category = sa.table("release_category", sa.column("release_date", _D),
                            sa.column("category", _S), sa.column("rule", _S))
release_category_card_type = sa.table("release_category_card_type",
                                      sa.column("release_date", _D), sa.column("category", _S),
                                      sa.column("card_type", _S))
release_subtype = sa.table("release_subtype", sa.column("release_date", _D),
                           sa.column("category", _S), sa.column("name", _S))
basic_land_type = sa.table("basic_land_type", sa.column("release_date", _D),
                           sa.column("name", _S), sa.column("rule", _S),
                           sa.column("category", _S))
subtype_reference = sa.table("subtype_reference", sa.column("release_date", _D),
                             sa.column("category", _S), sa.column("name", _S),
                             sa.column("rule", _S))
supertype_reference = sa.table("supertype_reference", sa.column("release_date", _D),
                               sa.column("supertype", _S), sa.column("rule", _S),
                               sa.column("cited_in", _S))
rule_text = sa.table("rule_text", sa.column("release_date", _D), sa.column("number", _S),
                     sa.column("text", _S))
card_type_rename = sa.table("card_type_rename", sa.column("release_date", _D),
                            sa.column("old_name", _S), sa.column("new_name", _S),
                            sa.column("rule", _S))
subtype_rename = sa.table("subtype_rename", sa.column("release_date", _D),
                          sa.column("category", _S), sa.column("old_name", _S),
                          sa.column("new_name", _S), sa.column("rule", _S))

# Children before parents: the order a release's rows are deleted in.
_RELEASE_ROWS = (subtype_rename, card_type_rename, rule_text, supertype_reference,
                 subtype_reference, basic_land_type, release_subtype, release_category_card_type,
                 release_category, release_supertype, release_card_type)


def read_seed(name: str, sha256: str, seed_format: int = SEED_FORMAT) -> dict[str, Any]:
    path = SEEDS / name
    data = path.read_bytes()
    actual = hashlib.sha256(data).hexdigest()
    if actual != sha256:
        raise RuntimeError(f"seed {path} has sha256 {actual}, but its revision pins {sha256}; "
                           "the seed was edited after its revision was written")
    seed = json.loads(data)
    if seed.get("format") != seed_format:
        raise RuntimeError(f"seed {path} is format {seed.get('format')}, loader is {seed_format}")
    return seed


def upgrade_release(revision: str, seed_name: str, seed_sha256: str) -> None:
    load_release(revision, read_seed(seed_name, seed_sha256), seed_sha256)


def load_release(revision: str, seed: dict[str, Any], seed_sha256: str) -> None:
    """Insert the rows of a seed already read (and checked) by a loader of its format."""
    day = date.fromisoformat(seed["effective_date"])
    bind = op.get_bind()
    op.bulk_insert(release, [{
        "effective_date": day, "source_file": seed["source"]["file"],
        "source_sha256": seed["source"]["sha256"], "seed_sha256": seed_sha256,
        "revision": revision,
    }])

    card_types = seed["card_types"]
    supertypes = seed["supertypes"]
    categories = seed["subtype_categories"]
    _insert_missing(bind, card_type, [{"name": n} for n in card_types["names"]])
    _insert_missing(bind, supertype, [{"name": n} for n in supertypes["names"]])
    _insert_missing(bind, category, [{"name": c["name"]} for c in categories])
    _insert_missing(bind, subtype, [{"category": c["name"], "name": n}
                                    for c in categories for n in c["subtypes"]])

    sections = card_types["sections"]
    op.bulk_insert(release_card_type, [
        {"release_date": day, "card_type": n, "rule": card_types["rule"],
         "section": sections.get(n)} for n in card_types["names"]])
    op.bulk_insert(release_supertype, [
        {"release_date": day, "supertype": n, "rule": supertypes["rule"]}
        for n in supertypes["names"]])
    op.bulk_insert(release_category, [
        {"release_date": day, "category": c["name"], "rule": c["rule"]} for c in categories])
    op.bulk_insert(release_category_card_type, [
        {"release_date": day, "category": c["name"], "card_type": t}
        for c in categories for t in c["card_types"]])
    op.bulk_insert(release_subtype, [
        {"release_date": day, "category": c["name"], "name": n}
        for c in categories for n in c["subtypes"]])
    op.bulk_insert(basic_land_type, [
        {"release_date": day, "name": n, "rule": group["rule"], "category": "land"}
        for group in seed["basic_land_types"] for n in group["names"]])
    op.bulk_insert(subtype_reference, [
        {"release_date": day, "category": c["name"], "name": name, "rule": rule}
        for c in categories for name, rule in c["references"]])
    op.bulk_insert(supertype_reference, [
        {"release_date": day, "supertype": name, "cited_in": cited_in, "rule": rule}
        for name, cited_in, rule in supertypes["references"]])
    op.bulk_insert(rule_text, [
        {"release_date": day, "number": r["number"], "text": r["text"]} for r in seed["rules"]])
    renames = seed["renames"]
    op.bulk_insert(card_type_rename, [
        {"release_date": day, "old_name": r["from"], "new_name": r["to"], "rule": r["rule"]}
        for r in renames if r["kind"] == "card_type"])
    op.bulk_insert(subtype_rename, [
        {"release_date": day, "category": r["category"], "old_name": r["from"],
         "new_name": r["to"], "rule": r["rule"]}
        for r in renames if r["kind"] == "subtype"])


def downgrade_release(effective_date: str) -> None:
    day = date.fromisoformat(effective_date)
    for table in _RELEASE_ROWS:
        op.execute(table.delete().where(table.c.release_date == day))
    op.execute(release.delete().where(release.c.effective_date == day))
    # Names no remaining release uses go too, so the database is as the release before left it.
    op.execute(subtype.delete().where(
        ~sa.exists().where(release_subtype.c.category == subtype.c.category,
                           release_subtype.c.name == subtype.c.name),
        ~sa.exists().where(subtype_rename.c.category == subtype.c.category,
                           subtype_rename.c.old_name == subtype.c.name)))
    op.execute(category.delete().where(
        ~sa.exists().where(release_category.c.category == category.c.name),
        ~sa.exists().where(subtype.c.category == category.c.name)))
    op.execute(card_type.delete().where(
        ~sa.exists().where(release_card_type.c.card_type == card_type.c.name),
        ~sa.exists().where(card_type_rename.c.old_name == card_type.c.name)))
    op.execute(supertype.delete().where(
        ~sa.exists().where(release_supertype.c.supertype == supertype.c.name)))


def _insert_missing(bind: sa.Connection, table: sa.TableClause, rows: list[dict]) -> None:
    keys = list(rows[0]) if rows else []
    existing = {tuple(row) for row in bind.execute(sa.select(*(table.c[k] for k in keys)))} \
        if rows else set()
    fresh = [row for row in rows if tuple(row[k] for k in keys) not in existing]
    if fresh:
        op.bulk_insert(table, fresh)
