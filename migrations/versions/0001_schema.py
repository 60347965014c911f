"""The rulesdb schema: releases, the type vocabulary, per-release lists and citations.

Revision ID: 0001_schema
Revises:
"""

from collections.abc import Sequence

import sqlalchemy as sa
from alembic import op

revision: str = "0001_schema"
down_revision: str | None = None
branch_labels: str | Sequence[str] | None = None
depends_on: str | Sequence[str] | None = None

NAME = sa.String(64)
RULE = sa.String(16)


def _release_fk(table: str) -> sa.ForeignKeyConstraint:
    return sa.ForeignKeyConstraint(
        ["release_date"], ["release.effective_date"], name=f"fk_{table}_release"
    )


def upgrade() -> None:
    op.create_table(
        "release",
        sa.Column("effective_date", sa.Date(), nullable=False),
        sa.Column("source_file", sa.String(255), nullable=False),
        sa.Column("source_sha256", sa.String(64), nullable=False),
        sa.Column("seed_sha256", sa.String(64), nullable=False),
        sa.Column("revision", sa.String(64), nullable=False),
        sa.PrimaryKeyConstraint("effective_date", name="pk_release"),
        sa.UniqueConstraint("revision", name="uq_release_revision"),
    )
    for table in ("card_type", "supertype", "category"):
        op.create_table(
            table,
            sa.Column("name", NAME, nullable=False),
            sa.PrimaryKeyConstraint("name", name=f"pk_{table}"),
        )
    op.create_table(
        "subtype",
        sa.Column("category", NAME, nullable=False),
        sa.Column("name", NAME, nullable=False),
        sa.PrimaryKeyConstraint("category", "name", name="pk_subtype"),
        sa.ForeignKeyConstraint(["category"], ["category.name"], name="fk_subtype_category"),
    )
    op.create_table(
        "release_card_type",
        sa.Column("release_date", sa.Date(), nullable=False),
        sa.Column("card_type", NAME, nullable=False),
        sa.Column("rule", RULE, nullable=False),
        sa.Column("section", RULE, nullable=True),
        sa.PrimaryKeyConstraint("release_date", "card_type", name="pk_release_card_type"),
        _release_fk("release_card_type"),
        sa.ForeignKeyConstraint(["card_type"], ["card_type.name"],
                                name="fk_release_card_type_card_type"),
    )
    op.create_table(
        "release_supertype",
        sa.Column("release_date", sa.Date(), nullable=False),
        sa.Column("supertype", NAME, nullable=False),
        sa.Column("rule", RULE, nullable=False),
        sa.PrimaryKeyConstraint("release_date", "supertype", name="pk_release_supertype"),
        _release_fk("release_supertype"),
        sa.ForeignKeyConstraint(["supertype"], ["supertype.name"],
                                name="fk_release_supertype_supertype"),
    )
    op.create_table(
        "release_category",
        sa.Column("release_date", sa.Date(), nullable=False),
        sa.Column("category", NAME, nullable=False),
        sa.Column("rule", RULE, nullable=False),
        sa.PrimaryKeyConstraint("release_date", "category", name="pk_release_category"),
        sa.UniqueConstraint("release_date", "rule", name="uq_release_category_release_date_rule"),
        _release_fk("release_category"),
        sa.ForeignKeyConstraint(["category"], ["category.name"],
                                name="fk_release_category_category"),
    )
    op.create_table(
        "release_category_card_type",
        sa.Column("release_date", sa.Date(), nullable=False),
        sa.Column("category", NAME, nullable=False),
        sa.Column("card_type", NAME, nullable=False),
        sa.PrimaryKeyConstraint("release_date", "category", "card_type",
                                name="pk_release_category_card_type"),
        sa.ForeignKeyConstraint(
            ["release_date", "category"],
            ["release_category.release_date", "release_category.category"],
            name="fk_release_category_card_type_release_category",
        ),
        sa.ForeignKeyConstraint(
            ["release_date", "card_type"],
            ["release_card_type.release_date", "release_card_type.card_type"],
            name="fk_release_category_card_type_release_card_type",
        ),
    )
    op.create_table(
        "release_subtype",
        sa.Column("release_date", sa.Date(), nullable=False),
        sa.Column("category", NAME, nullable=False),
        sa.Column("name", NAME, nullable=False),
        sa.PrimaryKeyConstraint("release_date", "category", "name", name="pk_release_subtype"),
        sa.ForeignKeyConstraint(
            ["release_date", "category"],
            ["release_category.release_date", "release_category.category"],
            name="fk_release_subtype_release_category",
        ),
        sa.ForeignKeyConstraint(["category", "name"], ["subtype.category", "subtype.name"],
                                name="fk_release_subtype_subtype"),
    )
    op.create_index("ix_release_subtype_category_name", "release_subtype", ["category", "name"])
    subtype_member = ["release_subtype.release_date", "release_subtype.category",
                      "release_subtype.name"]
    op.create_table(
        "basic_land_type",
        sa.Column("release_date", sa.Date(), nullable=False),
        sa.Column("name", NAME, nullable=False),
        sa.Column("rule", RULE, nullable=False),
        sa.Column("category", NAME, nullable=False),
        sa.PrimaryKeyConstraint("release_date", "name", "rule", name="pk_basic_land_type"),
        sa.ForeignKeyConstraint(["release_date", "category", "name"], subtype_member,
                                name="fk_basic_land_type_release_subtype"),
        sa.CheckConstraint("category = 'land'", name="ck_basic_land_type_land"),
    )
    op.create_table(
        "subtype_reference",
        sa.Column("release_date", sa.Date(), nullable=False),
        sa.Column("category", NAME, nullable=False),
        sa.Column("name", NAME, nullable=False),
        sa.Column("rule", RULE, nullable=False),
        sa.PrimaryKeyConstraint("release_date", "category", "name", "rule",
                                name="pk_subtype_reference"),
        sa.ForeignKeyConstraint(["release_date", "category", "name"], subtype_member,
                                name="fk_subtype_reference_release_subtype"),
    )
    op.create_table(
        "supertype_reference",
        sa.Column("release_date", sa.Date(), nullable=False),
        sa.Column("supertype", NAME, nullable=False),
        sa.Column("rule", RULE, nullable=False),
        sa.Column("cited_in", RULE, nullable=False),
        sa.PrimaryKeyConstraint("release_date", "supertype", "rule",
                                name="pk_supertype_reference"),
        sa.ForeignKeyConstraint(
            ["release_date", "supertype"],
            ["release_supertype.release_date", "release_supertype.supertype"],
            name="fk_supertype_reference_release_supertype",
        ),
    )
    op.create_table(
        "rule_text",
        sa.Column("release_date", sa.Date(), nullable=False),
        sa.Column("number", RULE, nullable=False),
        sa.Column("text", sa.Text(), nullable=False),
        sa.PrimaryKeyConstraint("release_date", "number", name="pk_rule_text"),
        _release_fk("rule_text"),
    )
    op.create_table(
        "card_type_rename",
        sa.Column("release_date", sa.Date(), nullable=False),
        sa.Column("old_name", NAME, nullable=False),
        sa.Column("new_name", NAME, nullable=False),
        sa.Column("rule", RULE, nullable=False),
        sa.PrimaryKeyConstraint("release_date", "old_name", name="pk_card_type_rename"),
        sa.ForeignKeyConstraint(["old_name"], ["card_type.name"],
                                name="fk_card_type_rename_card_type"),
        sa.ForeignKeyConstraint(
            ["release_date", "new_name"],
            ["release_card_type.release_date", "release_card_type.card_type"],
            name="fk_card_type_rename_release_card_type",
        ),
    )
    op.create_table(
        "subtype_rename",
        sa.Column("release_date", sa.Date(), nullable=False),
        sa.Column("category", NAME, nullable=False),
        sa.Column("old_name", NAME, nullable=False),
        sa.Column("new_name", NAME, nullable=False),
        sa.Column("rule", RULE, nullable=False),
        sa.PrimaryKeyConstraint("release_date", "category", "old_name",
                                name="pk_subtype_rename"),
        sa.ForeignKeyConstraint(["category", "old_name"], ["subtype.category", "subtype.name"],
                                name="fk_subtype_rename_subtype"),
        sa.ForeignKeyConstraint(["release_date", "category", "new_name"], subtype_member,
                                name="fk_subtype_rename_release_subtype"),
    )


def downgrade() -> None:
    for table in (
        "subtype_rename",
        "card_type_rename",
        "rule_text",
        "supertype_reference",
        "subtype_reference",
        "basic_land_type",
    ):
        op.drop_table(table)
    op.drop_index("ix_release_subtype_category_name", table_name="release_subtype")
    for table in (
        "release_subtype",
        "release_category_card_type",
        "release_category",
        "release_supertype",
        "release_card_type",
        "subtype",
        "category",
        "supertype",
        "card_type",
        "release",
    ):
        op.drop_table(table)
