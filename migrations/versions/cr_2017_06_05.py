"""CR release effective 2017-06-05 (MagicCompRules-20170605.txt).

Revision ID: cr_2017_06_05
Revises: cr_2017_04_28
"""

from collections.abc import Sequence

from rulesdb_loaders.release_v1 import downgrade_release, upgrade_release

revision: str = "cr_2017_06_05"
down_revision: str | None = "cr_2017_04_28"
branch_labels: str | Sequence[str] | None = None
depends_on: str | Sequence[str] | None = None

SEED = "cr_2017_06_05.json"
SEED_SHA256 = "c808546f0e56fa313fea23f8100bd30140ea35a9a82b362cdc9894dfe9b596b5"


def upgrade() -> None:
    upgrade_release(revision, SEED, SEED_SHA256)


def downgrade() -> None:
    downgrade_release("2017-06-05")
