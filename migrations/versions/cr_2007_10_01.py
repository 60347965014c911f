"""CR release effective 2007-10-01 (MagicCompRules-20071001.txt).

Revision ID: cr_2007_10_01
Revises: cr_2007_09_07
"""

from collections.abc import Sequence

from rulesdb_loaders.release_v3 import downgrade_release, upgrade_release

revision: str = "cr_2007_10_01"
down_revision: str | None = "cr_2007_09_07"
branch_labels: str | Sequence[str] | None = None
depends_on: str | Sequence[str] | None = None

SEED = "cr_2007_10_01.json"
SEED_SHA256 = "1ccc9d25c753a7a7e879542a3528a966d8d36f7b503d8c3cf637ec6e04c07b57"


def upgrade() -> None:
    upgrade_release(revision, SEED, SEED_SHA256)


def downgrade() -> None:
    downgrade_release("2007-10-01")
