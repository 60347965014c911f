"""CR release effective 2025-07-25 (MagicCompRules-20250725.txt).

Revision ID: cr_2025_07_25
Revises: cr_2025_06_06
"""

from collections.abc import Sequence

from rulesdb_loaders.release_v1 import downgrade_release, upgrade_release

revision: str = "cr_2025_07_25"
down_revision: str | None = "cr_2025_06_06"
branch_labels: str | Sequence[str] | None = None
depends_on: str | Sequence[str] | None = None

SEED = "cr_2025_07_25.json"
SEED_SHA256 = "bc74fc630950de66fff41f60e5edcc04a42727707280f46ad100c6bd66bd5c08"


def upgrade() -> None:
    upgrade_release(revision, SEED, SEED_SHA256)


def downgrade() -> None:
    downgrade_release("2025-07-25")
