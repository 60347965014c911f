"""CR release effective 2025-02-07 (MagicCompRules-20250207.txt).

Revision ID: cr_2025_02_07
Revises: cr_2024_11_08
"""

from collections.abc import Sequence

from rulesdb_loaders.release_v1 import downgrade_release, upgrade_release

revision: str = "cr_2025_02_07"
down_revision: str | None = "cr_2024_11_08"
branch_labels: str | Sequence[str] | None = None
depends_on: str | Sequence[str] | None = None

SEED = "cr_2025_02_07.json"
SEED_SHA256 = "fdd03873bfdae980a1bec215274e4f2f5b872e606b166d00d13483c0ecee00fc"


def upgrade() -> None:
    upgrade_release(revision, SEED, SEED_SHA256)


def downgrade() -> None:
    downgrade_release("2025-02-07")
