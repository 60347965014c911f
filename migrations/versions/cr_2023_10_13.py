"""CR release effective 2023-10-13 (MagicCompRules-20231013.txt).

Revision ID: cr_2023_10_13
Revises: cr_2023_09_01
"""

from collections.abc import Sequence

from rulesdb_loaders.release_v1 import downgrade_release, upgrade_release

revision: str = "cr_2023_10_13"
down_revision: str | None = "cr_2023_09_01"
branch_labels: str | Sequence[str] | None = None
depends_on: str | Sequence[str] | None = None

SEED = "cr_2023_10_13.json"
SEED_SHA256 = "12d9f4b7e5760b71c2b7607a65af528f8bd4ddbfc4b6b54a1ddde7cd8508f9c6"


def upgrade() -> None:
    upgrade_release(revision, SEED, SEED_SHA256)


def downgrade() -> None:
    downgrade_release("2023-10-13")
