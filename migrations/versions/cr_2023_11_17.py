"""CR release effective 2023-11-17 (MagicCompRules-20231117.txt).

Revision ID: cr_2023_11_17
Revises: cr_2023_10_13
"""

from collections.abc import Sequence

from rulesdb_loaders.release_v1 import downgrade_release, upgrade_release

revision: str = "cr_2023_11_17"
down_revision: str | None = "cr_2023_10_13"
branch_labels: str | Sequence[str] | None = None
depends_on: str | Sequence[str] | None = None

SEED = "cr_2023_11_17.json"
SEED_SHA256 = "2c432c1f994c271318c869567e4bd85e4f548184da08715f8960ef2d5b427b8b"


def upgrade() -> None:
    upgrade_release(revision, SEED, SEED_SHA256)


def downgrade() -> None:
    downgrade_release("2023-11-17")
