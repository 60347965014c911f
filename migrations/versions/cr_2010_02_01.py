"""CR release effective 2010-02-01 (MagicCompRules-20100201.txt).

Revision ID: cr_2010_02_01
Revises: cr_2009_10_01
"""

from collections.abc import Sequence

from rulesdb_loaders.release_v3 import downgrade_release, upgrade_release

revision: str = "cr_2010_02_01"
down_revision: str | None = "cr_2009_10_01"
branch_labels: str | Sequence[str] | None = None
depends_on: str | Sequence[str] | None = None

SEED = "cr_2010_02_01.json"
SEED_SHA256 = "853f860b85d1ba4b71c04118af722611d70da957b1de6365254fcaa82ccd4c7c"


def upgrade() -> None:
    upgrade_release(revision, SEED, SEED_SHA256)


def downgrade() -> None:
    downgrade_release("2010-02-01")
