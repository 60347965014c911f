"""CR release effective 2016-11-11 (MagicCompRules-20161111.txt).

Revision ID: cr_2016_11_11
Revises: cr_2016_09_30
"""

from collections.abc import Sequence

from rulesdb_loaders.release_v1 import downgrade_release, upgrade_release

revision: str = "cr_2016_11_11"
down_revision: str | None = "cr_2016_09_30"
branch_labels: str | Sequence[str] | None = None
depends_on: str | Sequence[str] | None = None

SEED = "cr_2016_11_11.json"
SEED_SHA256 = "64c5d4a91cca0a4f88867731120fd299389e114981f6e989c2cb07a0a1774aab"


def upgrade() -> None:
    upgrade_release(revision, SEED, SEED_SHA256)


def downgrade() -> None:
    downgrade_release("2016-11-11")
