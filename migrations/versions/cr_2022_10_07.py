"""CR release effective 2022-10-07 (MagicCompRules-20221007.txt).

Revision ID: cr_2022_10_07
Revises: cr_2022_09_08
"""

from collections.abc import Sequence

from rulesdb_loaders.release_v1 import downgrade_release, upgrade_release

revision: str = "cr_2022_10_07"
down_revision: str | None = "cr_2022_09_08"
branch_labels: str | Sequence[str] | None = None
depends_on: str | Sequence[str] | None = None

SEED = "cr_2022_10_07.json"
SEED_SHA256 = "b40ec07fbbf3b4d46493ff7ce71d2d7fd857f1d22a3bd44bb399231b0791ffdf"


def upgrade() -> None:
    upgrade_release(revision, SEED, SEED_SHA256)


def downgrade() -> None:
    downgrade_release("2022-10-07")
