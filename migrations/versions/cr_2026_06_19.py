"""CR release effective 2026-06-19 (MagicCompRules-20260619.txt).

Revision ID: cr_2026_06_19
Revises: cr_2026_04_17
"""

from collections.abc import Sequence

from rulesdb_loaders.schema_0001 import load_release, unload_release

revision: str = "cr_2026_06_19"
down_revision: str | None = "cr_2026_04_17"
branch_labels: str | Sequence[str] | None = None
depends_on: str | Sequence[str] | None = None

SEED = "cr_2026_06_19.json"
SEED_SHA256 = "1aa019f2d3d0f0029ac64eb7b91acc6c9c5d4012d1f61124afa531f6fa558df3"


def upgrade() -> None:
    load_release(revision, SEED, SEED_SHA256)


def downgrade() -> None:
    unload_release(revision)
