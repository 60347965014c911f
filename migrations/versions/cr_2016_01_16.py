"""CR release effective 2016-01-16 (MagicCompRules-20160116.txt).

Revision ID: cr_2016_01_16
Revises: cr_2015_11_13
"""

from collections.abc import Sequence

from rulesdb_loaders.release_v3 import downgrade_release, upgrade_release

revision: str = "cr_2016_01_16"
down_revision: str | None = "cr_2015_11_13"
branch_labels: str | Sequence[str] | None = None
depends_on: str | Sequence[str] | None = None

SEED = "cr_2016_01_16.json"
SEED_SHA256 = "cbe5f67f4320576cf770770a2480fee29a91a732c7e1b73ccf4ff37ed949c781"


def upgrade() -> None:
    upgrade_release(revision, SEED, SEED_SHA256)


def downgrade() -> None:
    downgrade_release("2016-01-16")
