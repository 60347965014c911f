"""CR release effective 2023-06-16 (MagicCompRules-20230616.txt).

Revision ID: cr_2023_06_16
Revises: cr_2023_04_14
"""

from collections.abc import Sequence

from rulesdb_loaders.release_v1 import downgrade_release, upgrade_release

revision: str = "cr_2023_06_16"
down_revision: str | None = "cr_2023_04_14"
branch_labels: str | Sequence[str] | None = None
depends_on: str | Sequence[str] | None = None

SEED = "cr_2023_06_16.json"
SEED_SHA256 = "3945a7b679b935950dfac74b03e1d750f19c25c7194b3c2053f0cbea1ee74d34"


def upgrade() -> None:
    upgrade_release(revision, SEED, SEED_SHA256)


def downgrade() -> None:
    downgrade_release("2023-06-16")
