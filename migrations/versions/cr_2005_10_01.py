"""CR release effective 2005-10-01 (MagicCompRules-20051001.txt).

Revision ID: cr_2005_10_01
Revises: cr_2005_08_01
"""

from collections.abc import Sequence

from rulesdb_loaders.release_v3 import downgrade_release, upgrade_release

revision: str = "cr_2005_10_01"
down_revision: str | None = "cr_2005_08_01"
branch_labels: str | Sequence[str] | None = None
depends_on: str | Sequence[str] | None = None

SEED = "cr_2005_10_01.json"
SEED_SHA256 = "4843b3ffbf7ef57162369dbaac0e8571fbc50469b9ddca4fc4ab33e34747b327"


def upgrade() -> None:
    upgrade_release(revision, SEED, SEED_SHA256)


def downgrade() -> None:
    downgrade_release("2005-10-01")
