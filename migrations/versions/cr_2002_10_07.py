"""CR release effective 2002-10-07 (MagicCompRules-20021007.txt).

Revision ID: cr_2002_10_07
Revises: cr_2002_02_20
"""

from collections.abc import Sequence

from rulesdb_loaders.release_v3 import downgrade_release, upgrade_release

revision: str = "cr_2002_10_07"
down_revision: str | None = "cr_2002_02_20"
branch_labels: str | Sequence[str] | None = None
depends_on: str | Sequence[str] | None = None

SEED = "cr_2002_10_07.json"
SEED_SHA256 = "01cabf282221ae4a2791f0c2be07c3b75d37221d7c3cdde24d99d659b82322d5"


def upgrade() -> None:
    upgrade_release(revision, SEED, SEED_SHA256)


def downgrade() -> None:
    downgrade_release("2002-10-07")
