"""CR release effective 2003-10-01 (MagicCompRules-20031001.txt).

Revision ID: cr_2003_10_01
Revises: cr_2003_07_01
"""

from collections.abc import Sequence

from rulesdb_loaders.release_v3 import downgrade_release, upgrade_release

revision: str = "cr_2003_10_01"
down_revision: str | None = "cr_2003_07_01"
branch_labels: str | Sequence[str] | None = None
depends_on: str | Sequence[str] | None = None

SEED = "cr_2003_10_01.json"
SEED_SHA256 = "d4449acf7542dc2ccfded2cc8d9ba354e1c5dadfbc5560e00326066e0542a693"


def upgrade() -> None:
    upgrade_release(revision, SEED, SEED_SHA256)


def downgrade() -> None:
    downgrade_release("2003-10-01")
