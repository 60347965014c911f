"""CR release effective 2018-01-19 (MagicCompRules-20180119.txt).

Revision ID: cr_2018_01_19
Revises: cr_2016_04_08
"""

from collections.abc import Sequence

from rulesdb_loaders.release_v3 import downgrade_release, upgrade_release

revision: str = "cr_2018_01_19"
down_revision: str | None = "cr_2016_04_08"
branch_labels: str | Sequence[str] | None = None
depends_on: str | Sequence[str] | None = None

SEED = "cr_2018_01_19.json"
SEED_SHA256 = "be4b85a91f9e39756f7d1ba10cb6a6afb77fea760f1d5ef0af918ddee64b726d"


def upgrade() -> None:
    upgrade_release(revision, SEED, SEED_SHA256)


def downgrade() -> None:
    downgrade_release("2018-01-19")
