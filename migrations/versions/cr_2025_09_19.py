"""CR release effective 2025-09-19 (MagicCompRules-20250919.txt).

Revision ID: cr_2025_09_19
Revises: cr_2025_07_25
"""

from collections.abc import Sequence

from rulesdb_loaders.release_v1 import downgrade_release, upgrade_release

revision: str = "cr_2025_09_19"
down_revision: str | None = "cr_2025_07_25"
branch_labels: str | Sequence[str] | None = None
depends_on: str | Sequence[str] | None = None

SEED = "cr_2025_09_19.json"
SEED_SHA256 = "a19b6d4d4a641c065fe9bbacd28a3b7b44bb35df8295a8dfebce9de01448d95a"


def upgrade() -> None:
    upgrade_release(revision, SEED, SEED_SHA256)


def downgrade() -> None:
    downgrade_release("2025-09-19")
