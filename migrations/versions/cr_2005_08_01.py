"""CR release effective 2005-08-01 (MagicCompRules-20050801.txt).

Revision ID: cr_2005_08_01
Revises: cr_2005_02_01
"""

from collections.abc import Sequence

from rulesdb_loaders.release_v3 import downgrade_release, upgrade_release

revision: str = "cr_2005_08_01"
down_revision: str | None = "cr_2005_02_01"
branch_labels: str | Sequence[str] | None = None
depends_on: str | Sequence[str] | None = None

SEED = "cr_2005_08_01.json"
SEED_SHA256 = "7ee4f42f0279164f6a9355ce9be8869f6e01d3ce9a7d9ba9366ff94179c3f4a1"


def upgrade() -> None:
    upgrade_release(revision, SEED, SEED_SHA256)


def downgrade() -> None:
    downgrade_release("2005-08-01")
