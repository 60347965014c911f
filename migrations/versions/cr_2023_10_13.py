"""CR release effective 2023-10-13 (MagicCompRules-20231013.txt).

Revision ID: cr_2023_10_13
Revises: cr_2023_09_01
"""

from collections.abc import Sequence

from rulesdb_loaders.schema_0001 import load_release, unload_release

revision: str = "cr_2023_10_13"
down_revision: str | None = "cr_2023_09_01"
branch_labels: str | Sequence[str] | None = None
depends_on: str | Sequence[str] | None = None

SEED = "cr_2023_10_13.json"
SEED_SHA256 = "3e0d80111b25960f44ed68bf48085972db25659e2e0553a0c22d30476ac9f511"


def upgrade() -> None:
    load_release(revision, SEED, SEED_SHA256)


def downgrade() -> None:
    unload_release(revision)
