"""CR release effective 2007-07-13 (MagicCompRules-20070713.txt).

Revision ID: cr_2007_07_13
Revises: cr_2007_05_01
"""

from collections.abc import Sequence

from rulesdb_loaders.release_v3 import downgrade_release, upgrade_release

revision: str = "cr_2007_07_13"
down_revision: str | None = "cr_2007_05_01"
branch_labels: str | Sequence[str] | None = None
depends_on: str | Sequence[str] | None = None

SEED = "cr_2007_07_13.json"
SEED_SHA256 = "707b9962e325749981fd27639881cb4ee2f1fe60d0d36ddb8a167fedcd532f7e"


def upgrade() -> None:
    upgrade_release(revision, SEED, SEED_SHA256)


def downgrade() -> None:
    downgrade_release("2007-07-13")
