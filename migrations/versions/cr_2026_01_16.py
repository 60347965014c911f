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
SEED_SHA256 = "656f739fe5f0c7c0dfbfff3d21d785c216c85163f72d0152c75ea399a2742924"


def upgrade() -> None:
    load_release(revision, SEED, SEED_SHA256)


def downgrade() -> None:
    unload_release(revision)
