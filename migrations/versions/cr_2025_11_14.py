"""CR release effective 2025-11-14 (MagicCompRules-20251114.txt).

Revision ID: cr_2025_11_14
Revises: cr_2025_09_19
"""

from collections.abc import Sequence

from rulesdb_loaders.release_v1 import downgrade_release, upgrade_release

revision: str = "cr_2025_11_14"
down_revision: str | None = "cr_2025_09_19"
branch_labels: str | Sequence[str] | None = None
depends_on: str | Sequence[str] | None = None

SEED = "cr_2025_11_14.json"
SEED_SHA256 = "8ae76430a944af6670ac682505f0d27883d5e57a27a8f47a1e1379d648551881"


def upgrade() -> None:
    upgrade_release(revision, SEED, SEED_SHA256)


def downgrade() -> None:
    downgrade_release("2025-11-14")
