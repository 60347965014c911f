"""CR release effective 2019-01-25 (MagicCompRules-20190125.txt).

Revision ID: cr_2019_01_25
Revises: cr_2018_10_05
"""

from collections.abc import Sequence

from rulesdb_loaders.release_v1 import downgrade_release, upgrade_release

revision: str = "cr_2019_01_25"
down_revision: str | None = "cr_2018_10_05"
branch_labels: str | Sequence[str] | None = None
depends_on: str | Sequence[str] | None = None

SEED = "cr_2019_01_25.json"
SEED_SHA256 = "a9ceec6316fb256acee1c4691243da44667c90733653ba3c477d1d826a2b0c35"


def upgrade() -> None:
    upgrade_release(revision, SEED, SEED_SHA256)


def downgrade() -> None:
    downgrade_release("2019-01-25")
