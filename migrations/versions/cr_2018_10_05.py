"""CR release effective 2018-10-05 (MagicCompRules-20181005.txt).

Revision ID: cr_2018_10_05
Revises: cr_2018_08_10
"""

from collections.abc import Sequence

from rulesdb_loaders.release_v1 import downgrade_release, upgrade_release

revision: str = "cr_2018_10_05"
down_revision: str | None = "cr_2018_08_10"
branch_labels: str | Sequence[str] | None = None
depends_on: str | Sequence[str] | None = None

SEED = "cr_2018_10_05.json"
SEED_SHA256 = "aded212f3e8832260b5a75fb756e79042fa6bf93d1372fb3ab0e216b16cfb5ce"


def upgrade() -> None:
    upgrade_release(revision, SEED, SEED_SHA256)


def downgrade() -> None:
    downgrade_release("2018-10-05")
