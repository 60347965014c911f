"""Constraint names that cannot collide: foreign keys name their first column too.

Revision ID: constraint_names
Revises: cr_2026_08_07

Foreign keys were named fk_<table>_<referred table>, so two keys from one table to another
would get one name; they are now fk_<table>_<first column>_<referred table>. And 0001_schema's
check constraint came out as ck_basic_land_type_ck_basic_land_type_land (the naming
convention wrapped a name that was already full); it is ck_basic_land_type_land. No rows
change.

PostgreSQL renames constraints in place. SQLite cannot: each table is rebuilt from its own
CREATE TABLE text with only the names replaced (SQLite's documented way to change a table),
inside the run's one transaction; every foreign key holds at every step, because the tables
are emptied children first and refilled parents first.
"""

from collections.abc import Sequence

import sqlalchemy as sa
from alembic import op

revision: str = "constraint_names"
down_revision: str | None = "cr_2026_08_07"
branch_labels: str | Sequence[str] | None = None
depends_on: str | Sequence[str] | None = None

# (table, name before, name after), frozen: this revision never reads the models.
RENAMES: list[tuple[str, str, str]] = [
    ("subtype", "fk_subtype_category", "fk_subtype_category_category"),
    ("release_card_type", "fk_release_card_type_release",
     "fk_release_card_type_release_date_release"),
    ("release_card_type", "fk_release_card_type_card_type",
     "fk_release_card_type_card_type_card_type"),
    ("release_supertype", "fk_release_supertype_release",
     "fk_release_supertype_release_date_release"),
    ("release_supertype", "fk_release_supertype_supertype",
     "fk_release_supertype_supertype_supertype"),
    ("release_category", "fk_release_category_release",
     "fk_release_category_release_date_release"),
    ("release_category", "fk_release_category_category",
     "fk_release_category_category_category"),
    ("release_category_card_type", "fk_release_category_card_type_release_category",
     "fk_release_category_card_type_release_date_release_category"),
    ("release_category_card_type", "fk_release_category_card_type_release_card_type",
     "fk_release_category_card_type_release_date_release_card_type"),
    ("release_subtype", "fk_release_subtype_release_category",
     "fk_release_subtype_release_date_release_category"),
    ("release_subtype", "fk_release_subtype_subtype", "fk_release_subtype_category_subtype"),
    ("basic_land_type", "fk_basic_land_type_release_subtype",
     "fk_basic_land_type_release_date_release_subtype"),
    ("basic_land_type", "ck_basic_land_type_ck_basic_land_type_land", "ck_basic_land_type_land"),
    ("subtype_reference", "fk_subtype_reference_release_subtype",
     "fk_subtype_reference_release_date_release_subtype"),
    ("supertype_reference", "fk_supertype_reference_release_supertype",
     "fk_supertype_reference_release_date_release_supertype"),
    ("rule_text", "fk_rule_text_release", "fk_rule_text_release_date_release"),
    ("card_type_rename", "fk_card_type_rename_card_type",
     "fk_card_type_rename_old_name_card_type"),
    ("card_type_rename", "fk_card_type_rename_release_card_type",
     "fk_card_type_rename_release_date_release_card_type"),
    ("subtype_rename", "fk_subtype_rename_subtype", "fk_subtype_rename_category_subtype"),
    ("subtype_rename", "fk_subtype_rename_release_subtype",
     "fk_subtype_rename_release_date_release_subtype"),
]
# Parents before children: the order tables are refilled in (and emptied in reverse).
TABLES = ["subtype", "release_card_type", "release_supertype", "release_category",
          "release_category_card_type", "release_subtype", "basic_land_type",
          "subtype_reference", "supertype_reference", "rule_text", "card_type_rename",
          "subtype_rename"]


def upgrade() -> None:
    _rename([(table, old, new) for table, old, new in RENAMES])


def downgrade() -> None:
    _rename([(table, new, old) for table, old, new in RENAMES])


def _rename(renames: list[tuple[str, str, str]]) -> None:
    bind = op.get_bind()
    if bind.dialect.name == "postgresql":
        for table, old, new in renames:
            op.execute(f"ALTER TABLE {table} RENAME CONSTRAINT {old} TO {new}")
        return
    _rebuild_sqlite(bind, renames)


def _rebuild_sqlite(bind: sa.Connection, renames: list[tuple[str, str, str]]) -> None:
    def schema_sql(kind: str, table: str) -> list[str]:
        return list(bind.execute(sa.text(
            "SELECT sql FROM sqlite_master WHERE type = :kind AND tbl_name = :table "
            "AND sql IS NOT NULL ORDER BY name"), {"kind": kind, "table": table}).scalars())

    tables: dict[str, str] = {}
    indexes: dict[str, list[str]] = {}
    for table in TABLES:
        [create] = schema_sql("table", table)
        for renamed_table, old, new in renames:
            if renamed_table == table:
                if create.count(f"CONSTRAINT {old} ") != 1:
                    raise RuntimeError(f"{table} has no constraint {old} to rename")
                create = create.replace(f"CONSTRAINT {old} ", f"CONSTRAINT {new} ")
        tables[table] = create
        indexes[table] = schema_sql("index", table)
    for table in TABLES:  # a copy of the rows, without constraints
        op.execute(f"CREATE TEMPORARY TABLE rename_copy_{table} AS SELECT * FROM {table}")
    for table in reversed(TABLES):  # children first, so no foreign key ever dangles
        op.execute(f"DELETE FROM {table}")
        op.execute(f"DROP TABLE {table}")
    for table in TABLES:
        op.execute(tables[table])
        for index in indexes[table]:
            op.execute(index)
        op.execute(f"INSERT INTO {table} SELECT * FROM rename_copy_{table}")
        op.execute(f"DROP TABLE rename_copy_{table}")
