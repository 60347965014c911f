"""Descriptions of every table, view and column as PostgreSQL comments (psql \\d+, DBeaver).

Sets what rulesdb_loaders/descriptions_v1.toml says (a frozen copy of
rulesdb/store/descriptions.toml at this revision); tables and views added later carry their
comments in their own revisions. A no-op on SQLite, which has no comments.

Revision ID: comments_v1
Revises: rulebook_text
"""

from collections.abc import Sequence

from rulesdb_loaders.comments_v1 import apply_frozen, remove_frozen

revision: str = "comments_v1"
down_revision: str | None = "rulebook_text"
branch_labels: str | Sequence[str] | None = None
depends_on: str | Sequence[str] | None = None

DESCRIPTIONS = "descriptions_v1.toml"


def upgrade() -> None:
    apply_frozen(DESCRIPTIONS)


def downgrade() -> None:
    remove_frozen(DESCRIPTIONS)
