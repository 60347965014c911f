"""CR release effective 2025-11-14 (MagicCompRules-20251114.txt).

Revision ID: cr_2025_11_14
Revises: cr_2025_09_19
"""

from collections.abc import Sequence

from rulesdb_loaders.schema_0001 import load_release, unload_release

revision: str = "cr_2025_11_14"
down_revision: str | None = "cr_2025_09_19"
branch_labels: str | Sequence[str] | None = None
depends_on: str | Sequence[str] | None = None

SEED = "cr_2025_11_14.json"
SEED_SHA256 = "fa774ad62a6dddc239911353f3d334bb28897cb8e95c8507536e22d539f68886"


def upgrade() -> None:
    load_release(revision, SEED, SEED_SHA256)


def downgrade() -> None:
    unload_release(revision)
