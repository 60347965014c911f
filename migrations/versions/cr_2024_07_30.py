"""CR release effective 2024-07-30 (MagicCompRules-20240730.txt).

Revision ID: cr_2024_07_30
Revises: cr_2024_06_07
"""

from collections.abc import Sequence

from rulesdb_loaders.release_v1 import downgrade_release, upgrade_release

revision: str = "cr_2024_07_30"
down_revision: str | None = "cr_2024_06_07"
branch_labels: str | Sequence[str] | None = None
depends_on: str | Sequence[str] | None = None

SEED = "cr_2024_07_30.json"
SEED_SHA256 = "058ee4d71d22aff358e9be5e48f74ad4282541d73ce6601f12cad2aa4728872d"


def upgrade() -> None:
    upgrade_release(revision, SEED, SEED_SHA256)


def downgrade() -> None:
    downgrade_release("2024-07-30")
