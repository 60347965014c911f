"""CR release effective 2025-02-07 (MagicCompRules-20250207.txt).

Revision ID: cr_2025_02_07
Revises: cr_2024_11_08
"""

from collections.abc import Sequence

from rulesdb_loaders.schema_0001 import load_release, unload_release

revision: str = "cr_2025_02_07"
down_revision: str | None = "cr_2024_11_08"
branch_labels: str | Sequence[str] | None = None
depends_on: str | Sequence[str] | None = None

SEED = "cr_2025_02_07.json"
SEED_SHA256 = "902ae6f17430bbbc6f65e5ea7ba020afc39326c701a44fdd6ddd77249afe2729"


def upgrade() -> None:
    load_release(revision, SEED, SEED_SHA256)


def downgrade() -> None:
    unload_release(revision)
