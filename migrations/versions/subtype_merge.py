"""Curated subtype merges (Hound -> Dog, Naga -> Snake, ...) and the views that name them.

Revision ID: subtype_merge
Revises: views_in_force

A merge is a fact the CR's lists do not state: a release drops a subtype because Wizards
re-typed its cards with another subtype that release lists. The rows are the curated entries
of rulesdb/authoring/curated/merges.toml when this revision was written, copied here so the
revision never changes when the file grows (tests check the two agree). ``v_release_change``
gains ``merged_from`` and ``merged_into``; the downgrade restores the view of 0002_views
exactly, then drops the table.
"""

from collections.abc import Sequence
from datetime import date

import sqlalchemy as sa
from alembic import op

revision: str = "subtype_merge"
down_revision: str | None = "views_in_force"
branch_labels: str | Sequence[str] | None = None
depends_on: str | Sequence[str] | None = None

KIND = "VARCHAR(16)"
NAME = "VARCHAR(64)"

# (release that drops the old name, category, old name, new name, rule listing the new one)
MERGES = [
    (date(2020, 7, 3), "creature", "Hound", "Dog", "205.3m"),
    (date(2024, 6, 7), "creature", "Cephalid", "Octopus", "205.3m"),
    (date(2024, 6, 7), "creature", "Naga", "Snake", "205.3m"),
    (date(2024, 6, 7), "creature", "Viashino", "Lizard", "205.3m"),
]

subtype_merge = sa.table(
    "subtype_merge", sa.column("release_date", sa.Date()), sa.column("category", sa.String()),
    sa.column("old_name", sa.String()), sa.column("new_name", sa.String()),
    sa.column("rule", sa.String()))

# v_release_change as 0002_views created it (restored by the downgrade, byte for byte).
OLD_RELEASE_CHANGE = f"""
        SELECT p.from_date, p.to_date, CAST('card_type' AS {KIND}) AS kind,
               CAST(NULL AS {NAME}) AS category, n.card_type AS name,
               CAST('added' AS {KIND}) AS change,
               r.old_name AS renamed_from, CAST(NULL AS {NAME}) AS renamed_to
        FROM v_release_pair p
        JOIN release_card_type n ON n.release_date = p.to_date
        LEFT JOIN card_type_rename r
          ON r.release_date = p.to_date AND r.new_name = n.card_type
        WHERE NOT EXISTS (SELECT 1 FROM release_card_type o
                          WHERE o.release_date = p.from_date AND o.card_type = n.card_type)
        UNION ALL
        SELECT p.from_date, p.to_date, 'card_type', NULL, o.card_type, 'removed',
               NULL, r.new_name
        FROM v_release_pair p
        JOIN release_card_type o ON o.release_date = p.from_date
        LEFT JOIN card_type_rename r
          ON r.release_date = p.to_date AND r.old_name = o.card_type
        WHERE NOT EXISTS (SELECT 1 FROM release_card_type n
                          WHERE n.release_date = p.to_date AND n.card_type = o.card_type)
        UNION ALL
        SELECT p.from_date, p.to_date, 'supertype', NULL, n.supertype, 'added', NULL, NULL
        FROM v_release_pair p
        JOIN release_supertype n ON n.release_date = p.to_date
        WHERE NOT EXISTS (SELECT 1 FROM release_supertype o
                          WHERE o.release_date = p.from_date AND o.supertype = n.supertype)
        UNION ALL
        SELECT p.from_date, p.to_date, 'supertype', NULL, o.supertype, 'removed', NULL, NULL
        FROM v_release_pair p
        JOIN release_supertype o ON o.release_date = p.from_date
        WHERE NOT EXISTS (SELECT 1 FROM release_supertype n
                          WHERE n.release_date = p.to_date AND n.supertype = o.supertype)
        UNION ALL
        SELECT p.from_date, p.to_date, 'subtype', n.category, n.name, 'added',
               r.old_name, NULL
        FROM v_release_pair p
        JOIN release_subtype n ON n.release_date = p.to_date
        LEFT JOIN subtype_rename r
          ON r.release_date = p.to_date AND r.category = n.category AND r.new_name = n.name
        WHERE NOT EXISTS (SELECT 1 FROM release_subtype o
                          WHERE o.release_date = p.from_date AND o.category = n.category
                            AND o.name = n.name)
        UNION ALL
        SELECT p.from_date, p.to_date, 'subtype', o.category, o.name, 'removed',
               NULL, r.new_name
        FROM v_release_pair p
        JOIN release_subtype o ON o.release_date = p.from_date
        LEFT JOIN subtype_rename r
          ON r.release_date = p.to_date AND r.category = o.category AND r.old_name = o.name
        WHERE NOT EXISTS (SELECT 1 FROM release_subtype n
                          WHERE n.release_date = p.to_date AND n.category = o.category
                            AND n.name = o.name)"""

# The same, with merged_from (on the successor's "added" row) and merged_into (on the merged
# subtype's "removed" row).
NEW_RELEASE_CHANGE = f"""
        SELECT p.from_date, p.to_date, CAST('card_type' AS {KIND}) AS kind,
               CAST(NULL AS {NAME}) AS category, n.card_type AS name,
               CAST('added' AS {KIND}) AS change,
               r.old_name AS renamed_from, CAST(NULL AS {NAME}) AS renamed_to,
               CAST(NULL AS {NAME}) AS merged_from, CAST(NULL AS {NAME}) AS merged_into
        FROM v_release_pair p
        JOIN release_card_type n ON n.release_date = p.to_date
        LEFT JOIN card_type_rename r
          ON r.release_date = p.to_date AND r.new_name = n.card_type
        WHERE NOT EXISTS (SELECT 1 FROM release_card_type o
                          WHERE o.release_date = p.from_date AND o.card_type = n.card_type)
        UNION ALL
        SELECT p.from_date, p.to_date, 'card_type', NULL, o.card_type, 'removed',
               NULL, r.new_name, NULL, NULL
        FROM v_release_pair p
        JOIN release_card_type o ON o.release_date = p.from_date
        LEFT JOIN card_type_rename r
          ON r.release_date = p.to_date AND r.old_name = o.card_type
        WHERE NOT EXISTS (SELECT 1 FROM release_card_type n
                          WHERE n.release_date = p.to_date AND n.card_type = o.card_type)
        UNION ALL
        SELECT p.from_date, p.to_date, 'supertype', NULL, n.supertype, 'added', NULL, NULL,
               NULL, NULL
        FROM v_release_pair p
        JOIN release_supertype n ON n.release_date = p.to_date
        WHERE NOT EXISTS (SELECT 1 FROM release_supertype o
                          WHERE o.release_date = p.from_date AND o.supertype = n.supertype)
        UNION ALL
        SELECT p.from_date, p.to_date, 'supertype', NULL, o.supertype, 'removed', NULL, NULL,
               NULL, NULL
        FROM v_release_pair p
        JOIN release_supertype o ON o.release_date = p.from_date
        WHERE NOT EXISTS (SELECT 1 FROM release_supertype n
                          WHERE n.release_date = p.to_date AND n.supertype = o.supertype)
        UNION ALL
        SELECT p.from_date, p.to_date, 'subtype', n.category, n.name, 'added',
               r.old_name, NULL, m.old_name, NULL
        FROM v_release_pair p
        JOIN release_subtype n ON n.release_date = p.to_date
        LEFT JOIN subtype_rename r
          ON r.release_date = p.to_date AND r.category = n.category AND r.new_name = n.name
        LEFT JOIN subtype_merge m
          ON m.release_date = p.to_date AND m.category = n.category AND m.new_name = n.name
        WHERE NOT EXISTS (SELECT 1 FROM release_subtype o
                          WHERE o.release_date = p.from_date AND o.category = n.category
                            AND o.name = n.name)
        UNION ALL
        SELECT p.from_date, p.to_date, 'subtype', o.category, o.name, 'removed',
               NULL, r.new_name, NULL, m.new_name
        FROM v_release_pair p
        JOIN release_subtype o ON o.release_date = p.from_date
        LEFT JOIN subtype_rename r
          ON r.release_date = p.to_date AND r.category = o.category AND r.old_name = o.name
        LEFT JOIN subtype_merge m
          ON m.release_date = p.to_date AND m.category = o.category AND m.old_name = o.name
        WHERE NOT EXISTS (SELECT 1 FROM release_subtype n
                          WHERE n.release_date = p.to_date AND n.category = o.category
                            AND n.name = o.name)"""


def upgrade() -> None:
    op.create_table(
        "subtype_merge",
        sa.Column("release_date", sa.Date(), nullable=False),
        sa.Column("category", sa.String(64), nullable=False),
        sa.Column("old_name", sa.String(64), nullable=False),
        sa.Column("new_name", sa.String(64), nullable=False),
        sa.Column("rule", sa.String(16), nullable=False),
        sa.PrimaryKeyConstraint("release_date", "category", "old_name",
                                name="pk_subtype_merge"),
        sa.ForeignKeyConstraint(["category", "old_name"], ["subtype.category", "subtype.name"],
                                name="fk_subtype_merge_category_subtype"),
        sa.ForeignKeyConstraint(
            ["release_date", "category", "new_name"],
            ["release_subtype.release_date", "release_subtype.category", "release_subtype.name"],
            name="fk_subtype_merge_release_date_release_subtype"),
    )
    op.bulk_insert(subtype_merge, [
        {"release_date": day, "category": category, "old_name": old, "new_name": new,
         "rule": rule} for day, category, old, new, rule in MERGES])
    op.execute("DROP VIEW v_release_change")
    op.execute(f"CREATE VIEW v_release_change AS {NEW_RELEASE_CHANGE.strip()}")


def downgrade() -> None:
    op.execute("DROP VIEW v_release_change")
    op.execute(f"CREATE VIEW v_release_change AS {OLD_RELEASE_CHANGE.strip()}")
    op.drop_table("subtype_merge")
