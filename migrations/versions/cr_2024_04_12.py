"""CR release effective 2024-04-12 (MagicCompRules-20240412.txt).

Revision ID: cr_2024_04_12
Revises: cr_2024_03_08
"""

from collections.abc import Sequence

from rulesdb_loaders.schema_0001 import load_release, unload_release

revision: str = "cr_2024_04_12"
down_revision: str | None = "cr_2024_03_08"
branch_labels: str | Sequence[str] | None = None
depends_on: str | Sequence[str] | None = None

SEED = "cr_2024_04_12.json"
SEED_SHA256 = "70ad33d6931357b887eff3bca652db36a9796b37da2c2bd0fc1422873473aac0"


def upgrade() -> None:
    load_release(revision, SEED, SEED_SHA256)


def downgrade() -> None:
    unload_release(revision)
