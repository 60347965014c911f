"""CR release effective 2026-01-16 (MagicCompRules-20260116.txt).

Revision ID: cr_2026_01_16
Revises: cr_2025_11_14
"""

from collections.abc import Sequence

from rulesdb_loaders.schema_0001 import load_release, unload_release

revision: str = "cr_2026_01_16"
down_revision: str | None = "cr_2025_11_14"
branch_labels: str | Sequence[str] | None = None
depends_on: str | Sequence[str] | None = None

SEED = "cr_2026_01_16.json"
SEED_SHA256 = "9c6f529d83f41fc2258cf0c6bef4fb490a9418684bc2d8ae9b69f9a6decef870"


def upgrade() -> None:
    load_release(revision, SEED, SEED_SHA256)


def downgrade() -> None:
    unload_release(revision)
