"""CR release effective 2017-01-20 (MagicCompRules-20170120.txt).

Revision ID: cr_2017_01_20
Revises: cr_2016_11_11
"""

from collections.abc import Sequence

from rulesdb_loaders.release_v1 import downgrade_release, upgrade_release

revision: str = "cr_2017_01_20"
down_revision: str | None = "cr_2016_11_11"
branch_labels: str | Sequence[str] | None = None
depends_on: str | Sequence[str] | None = None

SEED = "cr_2017_01_20.json"
SEED_SHA256 = "22c903030bd43b10298302ba698316c463d95e26084dddf517f2a967e889e727"


def upgrade() -> None:
    upgrade_release(revision, SEED, SEED_SHA256)


def downgrade() -> None:
    downgrade_release("2017-01-20")
