"""CR release effective 2020-06-01 (MagicCompRules-20200601.txt).

Revision ID: cr_2020_06_01
Revises: cr_2020_04_17
"""

from collections.abc import Sequence

from rulesdb_loaders.release_v1 import downgrade_release, upgrade_release

revision: str = "cr_2020_06_01"
down_revision: str | None = "cr_2020_04_17"
branch_labels: str | Sequence[str] | None = None
depends_on: str | Sequence[str] | None = None

SEED = "cr_2020_06_01.json"
SEED_SHA256 = "b6037dc954379874c89814e6ac1cded874a9274052d33cb7bda56116060a10f2"


def upgrade() -> None:
    upgrade_release(revision, SEED, SEED_SHA256)


def downgrade() -> None:
    downgrade_release("2020-06-01")
