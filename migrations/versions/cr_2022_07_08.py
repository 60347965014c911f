"""CR release effective 2022-07-08 (MagicCompRules-20220708.txt).

Revision ID: cr_2022_07_08
Revises: cr_2022_06_10
"""

from collections.abc import Sequence

from rulesdb_loaders.release_v1 import downgrade_release, upgrade_release

revision: str = "cr_2022_07_08"
down_revision: str | None = "cr_2022_06_10"
branch_labels: str | Sequence[str] | None = None
depends_on: str | Sequence[str] | None = None

SEED = "cr_2022_07_08.json"
SEED_SHA256 = "6ddc062d5e44aa3ac628f8e24e799d0600b941e01457f845e2734ca6ef9354ff"


def upgrade() -> None:
    upgrade_release(revision, SEED, SEED_SHA256)


def downgrade() -> None:
    downgrade_release("2022-07-08")
