"""Release notes: where a release's file contradicts itself or was damaged, per release.

Revision ID: 0003_release_note
Revises: cr_2026_08_07

A note is what the importer found and could not leave unsaid: 205.2a omitting a card type that
section 3 defines, a lossy conversion read back, a truncated file replaced by another format.
Seeds of format 2 carry them (loaded by rulesdb_loaders.release_v2); format 1 seeds have none.
"""

from collections.abc import Sequence

import sqlalchemy as sa
from alembic import op

revision: str = "0003_release_note"
down_revision: str | None = "cr_2026_08_07"
branch_labels: str | Sequence[str] | None = None
depends_on: str | Sequence[str] | None = None

VIEW = """
    SELECT release_date, number, rule, kind, text
    FROM release_note"""


def upgrade() -> None:
    op.create_table(
        "release_note",
        sa.Column("release_date", sa.Date(), nullable=False),
        sa.Column("number", sa.Integer(), nullable=False),  # 1, 2, ... in the file's order
        sa.Column("rule", sa.String(16), nullable=True),  # NULL: the file as a whole
        sa.Column("kind", sa.String(64), nullable=False),
        sa.Column("text", sa.Text(), nullable=False),
        sa.PrimaryKeyConstraint("release_date", "number", name="pk_release_note"),
        sa.ForeignKeyConstraint(["release_date"], ["release.effective_date"],
                                name="fk_release_note_release"),
    )
    op.execute(f"CREATE VIEW v_release_note AS {VIEW.strip()}")


def downgrade() -> None:
    op.execute("DROP VIEW v_release_note")
    op.drop_table("release_note")
