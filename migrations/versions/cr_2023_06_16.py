"""CR release effective 2023-06-16 (MagicCompRules-20230616.txt).

Revision ID: cr_2023_06_16
Revises: cr_2023_04_14
"""

from collections.abc import Sequence

from rulesdb_loaders.schema_0001 import load_release, unload_release

revision: str = "cr_2023_06_16"
down_revision: str | None = "cr_2023_04_14"
branch_labels: str | Sequence[str] | None = None
depends_on: str | Sequence[str] | None = None

SEED = "cr_2023_06_16.json"
SEED_SHA256 = "8c1d6f5fe781b6a3a3e485a3affa1a19a1c587e224dabe0f1d0ba4c2b47b6f5f"


def upgrade() -> None:
    load_release(revision, SEED, SEED_SHA256)


def downgrade() -> None:
    unload_release(revision)
