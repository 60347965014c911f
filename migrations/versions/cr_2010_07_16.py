"""CR release effective 2010-07-16 (MagicCompRules-20100716.txt).

Revision ID: cr_2010_07_16
Revises: cr_2010_06_18
"""

from collections.abc import Sequence

from rulesdb_loaders.release_v3 import downgrade_release, upgrade_release

revision: str = "cr_2010_07_16"
down_revision: str | None = "cr_2010_06_18"
branch_labels: str | Sequence[str] | None = None
depends_on: str | Sequence[str] | None = None

SEED = "cr_2010_07_16.json"
SEED_SHA256 = "06dab167846e009791e299877cb5e4b098c49f36981d32c5f55527f59d9a712f"


def upgrade() -> None:
    upgrade_release(revision, SEED, SEED_SHA256)


def downgrade() -> None:
    downgrade_release("2010-07-16")
