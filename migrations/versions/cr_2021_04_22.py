"""CR release effective 2021-04-22 (MagicCompRules-20210422.txt).

Revision ID: cr_2021_04_22
Revises: cr_2021_02_15
"""

from collections.abc import Sequence

from rulesdb_loaders.release_v1 import downgrade_release, upgrade_release

revision: str = "cr_2021_04_22"
down_revision: str | None = "cr_2021_02_15"
branch_labels: str | Sequence[str] | None = None
depends_on: str | Sequence[str] | None = None

SEED = "cr_2021_04_22.json"
SEED_SHA256 = "60ce293618acf1935c1d60ec35c2c5e5e169689bbd5bbb65c05cabb32d4d1c1a"


def upgrade() -> None:
    upgrade_release(revision, SEED, SEED_SHA256)


def downgrade() -> None:
    downgrade_release("2021-04-22")
