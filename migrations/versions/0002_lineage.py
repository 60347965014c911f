"""Rule lineage: each rule followed from release to release through renumbering and rewording.

Revision ID: 0002_lineage
Revises: cr_2026_08_07

Two tables and a view. ``rule_link`` holds, for each release, the rules that do not continue
the same number with the same text from the release before (new, reworded, renumbered, moved
and reworded), each with the rule it continues and a similarity; ``rule_lineage`` the runs of
releases in which a lineage keeps one number; ``v_rule_lineage`` every rule of every release
with its lineage. The rows of the releases already in the chain come from
``seeds/lineage_0002.json`` (written by ``rulesdb.authoring.lineage_seed``); each release after
this revision loads its own links through ``rulesdb_loaders.schema_0002``.
"""

from collections.abc import Sequence

import sqlalchemy as sa
from alembic import op
from rulesdb_loaders.objects import View, comment_on, descriptions
from rulesdb_loaders.schema_0002 import load_lineage_seed

revision: str = "0002_lineage"
down_revision: str | None = "cr_2026_08_07"
branch_labels: str | Sequence[str] | None = None
depends_on: str | Sequence[str] | None = None

SEED = "lineage_0002.json"
SEED_SHA256 = "d94192d5069e01983d77485f1bc5c669ae6951c0dabe7fe34ee1d2216da43559"
RULE = sa.String(16)
HOWS = "how IN ('new', 'reworded', 'renumbered', 'moved and reworded')"
DESCRIBED = descriptions("descriptions_0002.toml")
IN_SPAN = "b.release_date BETWEEN s.first_release AND s.last_release"
IN_LINEAGE = "b.release_date BETWEEN l.first_release AND l.last_release"
V_RULE_LINEAGE = View("v_rule_lineage", f"""
    SELECT b.release_date, s.number, s.occurrence, l.lineage,
           CASE WHEN k.how IS NULL THEN s.number ELSE k.from_number END AS from_number,
           COALESCE(k.how, 'same') AS how, COALESCE(k.similarity, 1.0) AS similarity
    FROM release_rulebook b
    JOIN rule_span s ON {IN_SPAN}
    JOIN rule_lineage l ON l.number = s.number AND l.occurrence = s.occurrence
     AND {IN_LINEAGE}
    LEFT JOIN rule_link k ON k.release_date = b.release_date AND k.number = s.number
     AND k.occurrence = s.occurrence""", *DESCRIBED["v_rule_lineage"])


VIEWS = (V_RULE_LINEAGE,)
TABLES = ("rule_link", "rule_lineage")  # the order they are dropped in


def _rulebook_key(table: str, column: str) -> sa.ForeignKeyConstraint:
    return sa.ForeignKeyConstraint([column], ["release_rulebook.release_date"],
                                   name=f"fk_{table}_{column}_release_rulebook")


def upgrade() -> None:
    op.create_table(
        "rule_lineage",
        sa.Column("number", RULE, nullable=False),
        sa.Column("occurrence", sa.Integer(), nullable=False),
        sa.Column("first_release", sa.Date(), nullable=False),
        sa.Column("last_release", sa.Date(), nullable=False),
        sa.Column("lineage", sa.String(64), nullable=False),
        sa.PrimaryKeyConstraint("number", "occurrence", "first_release",
                                name="pk_rule_lineage"),
        _rulebook_key("rule_lineage", "first_release"),
        _rulebook_key("rule_lineage", "last_release"),
        sa.CheckConstraint("first_release <= last_release", name=op.f("ck_rule_lineage_ordered")),
        sqlite_with_rowid=False,
    )
    # From a lineage to every number it had; the ends' foreign keys, as for the spans.
    op.create_index("ix_rule_lineage_lineage", "rule_lineage", ["lineage"])
    op.create_index("ix_rule_lineage_last_release", "rule_lineage", ["last_release"])
    op.create_table(
        "rule_link",
        sa.Column("release_date", sa.Date(), nullable=False),
        sa.Column("number", RULE, nullable=False),
        sa.Column("occurrence", sa.Integer(), nullable=False),
        sa.Column("from_number", RULE, nullable=True),
        sa.Column("from_occurrence", sa.Integer(), nullable=True),
        sa.Column("how", sa.String(32), nullable=False),
        sa.Column("similarity", sa.Float(), nullable=False),
        sa.PrimaryKeyConstraint("release_date", "number", "occurrence", name="pk_rule_link"),
        _rulebook_key("rule_link", "release_date"),
        sa.CheckConstraint(HOWS, name=op.f("ck_rule_link_how")),
        sa.CheckConstraint("(how = 'new') = (from_number IS NULL)",
                           name=op.f("ck_rule_link_source")),
    )
    op.create_view(V_RULE_LINEAGE)
    for table in ("rule_lineage", "rule_link"):
        comment_on(op, table, *DESCRIBED[table])
    load_lineage_seed(SEED, SEED_SHA256)


def downgrade() -> None:
    for view in VIEWS:
        op.drop_view(view)
    for table in TABLES:
        op.drop_table(table)
