"""CR release effective 2023-11-17 (MagicCompRules-20231117.txt).

Revision ID: cr_2023_11_17
Revises: cr_2023_10_13
"""

from collections.abc import Sequence

from rulesdb_loaders.schema_0001 import load_release, unload_release

revision: str = "cr_2023_11_17"
down_revision: str | None = "cr_2023_10_13"
branch_labels: str | Sequence[str] | None = None
depends_on: str | Sequence[str] | None = None

SEED = "cr_2023_11_17.json"
SEED_SHA256 = "26201e727bd3b2793ea340f4ea1c13a3aa66db3a1758f2b88b1c822c52531680"


def upgrade() -> None:
    load_release(revision, SEED, SEED_SHA256)


def downgrade() -> None:
    unload_release(revision)
