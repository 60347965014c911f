"""CR release effective 2017-07-08 (MagicCompRules-20170708.txt).

Revision ID: cr_2017_07_08
Revises: cr_2017_06_05
"""

from collections.abc import Sequence

from rulesdb_loaders.release_v1 import downgrade_release, upgrade_release

revision: str = "cr_2017_07_08"
down_revision: str | None = "cr_2017_06_05"
branch_labels: str | Sequence[str] | None = None
depends_on: str | Sequence[str] | None = None

SEED = "cr_2017_07_08.json"
SEED_SHA256 = "0f0579e60aa9820da8321736e0378d6ae62115aaf6dcd49ecb2d7cdf7480e42c"


def upgrade() -> None:
    upgrade_release(revision, SEED, SEED_SHA256)


def downgrade() -> None:
    downgrade_release("2017-07-08")
