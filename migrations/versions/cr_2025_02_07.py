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
SEED_SHA256 = "67779fc940f68f4a7e8032143b12d5b460dd6a872de99ec9aad54207102aa98b"


def upgrade() -> None:
    load_release(revision, SEED, SEED_SHA256)


def downgrade() -> None:
    unload_release(revision)
