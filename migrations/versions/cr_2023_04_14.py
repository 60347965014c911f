"""CR release effective 2023-04-14 (MagicCompRules-20230414.txt).

Revision ID: cr_2023_04_14
Revises: cr_2023_02_03
"""

from collections.abc import Sequence

from rulesdb_loaders.release_v1 import downgrade_release, upgrade_release

revision: str = "cr_2023_04_14"
down_revision: str | None = "cr_2023_02_03"
branch_labels: str | Sequence[str] | None = None
depends_on: str | Sequence[str] | None = None

SEED = "cr_2023_04_14.json"
SEED_SHA256 = "69739ff3ce1b7c31e4749740b9a0de1397b966800c423f5a78fb3e7932a4c451"


def upgrade() -> None:
    upgrade_release(revision, SEED, SEED_SHA256)


def downgrade() -> None:
    downgrade_release("2023-04-14")
