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
SEED_SHA256 = "17216c21d5ae57f6edfae7be390310e595d469c69f6fc92c9ad5df9062cb01eb"


def upgrade() -> None:
    load_release(revision, SEED, SEED_SHA256)


def downgrade() -> None:
    unload_release(revision)
