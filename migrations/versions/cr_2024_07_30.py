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
SEED_SHA256 = "c686fb7c9b9c51a9c9afc0b3ab4f16ce12561e4e8a0a56b17b8f62b207b280a2"


def upgrade() -> None:
    load_release(revision, SEED, SEED_SHA256)


def downgrade() -> None:
    unload_release(revision)
