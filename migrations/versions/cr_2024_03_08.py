"""CR release effective 2024-03-08 (MagicCompRules-20240308.txt).

Revision ID: cr_2024_03_08
Revises: cr_2024_02_02
"""

from collections.abc import Sequence

from rulesdb_loaders.release_v1 import downgrade_release, upgrade_release

revision: str = "cr_2024_03_08"
down_revision: str | None = "cr_2024_02_02"
branch_labels: str | Sequence[str] | None = None
depends_on: str | Sequence[str] | None = None

SEED = "cr_2024_03_08.json"
SEED_SHA256 = "0f1348da95096a8cbcbd8e5d30cfdf4c2e409fd8cda36b48db12c06d41d20031"


def upgrade() -> None:
    upgrade_release(revision, SEED, SEED_SHA256)


def downgrade() -> None:
    downgrade_release("2024-03-08")
