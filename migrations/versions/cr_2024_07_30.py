"""CR release effective 2024-07-30 (MagicCompRules-20240730.txt).

Revision ID: cr_2024_07_30
Revises: cr_2024_06_07
"""

from collections.abc import Sequence

from rulesdb_loaders.schema_0001 import load_release, unload_release

revision: str = "cr_2024_07_30"
down_revision: str | None = "cr_2024_06_07"
branch_labels: str | Sequence[str] | None = None
depends_on: str | Sequence[str] | None = None

SEED = "cr_2024_07_30.json"
SEED_SHA256 = "c8229cf5b0b5edc522d157afe9200ce653e0f8771abcbb6069eb57585a19cc4f"


def upgrade() -> None:
    load_release(revision, SEED, SEED_SHA256)


def downgrade() -> None:
    unload_release(revision)
