"""CR release effective 2007-05-01 (MagicCompRules-20070501.txt).

Revision ID: cr_2007_05_01
Revises: cr_2007_02_01
"""

from collections.abc import Sequence

from rulesdb_loaders.release_v3 import downgrade_release, upgrade_release

revision: str = "cr_2007_05_01"
down_revision: str | None = "cr_2007_02_01"
branch_labels: str | Sequence[str] | None = None
depends_on: str | Sequence[str] | None = None

SEED = "cr_2007_05_01.json"
SEED_SHA256 = "da29eef1df4bfe30f5da218b12f6da572857e487b19c3de67ed6d5e4373d3546"


def upgrade() -> None:
    upgrade_release(revision, SEED, SEED_SHA256)


def downgrade() -> None:
    downgrade_release("2007-05-01")
