"""CR release effective 2026-04-17 (MagicCompRules-20260417.txt).

Revision ID: cr_2026_04_17
Revises: cr_2026_02_27
"""

from collections.abc import Sequence

from rulesdb_loaders.release_v1 import downgrade_release, upgrade_release

revision: str = "cr_2026_04_17"
down_revision: str | None = "cr_2026_02_27"
branch_labels: str | Sequence[str] | None = None
depends_on: str | Sequence[str] | None = None

SEED = "cr_2026_04_17.json"
SEED_SHA256 = "9e9ca8ceb871a96eadaf09cf5c898096a3abf478e726575993fc2d163c60a29b"


def upgrade() -> None:
    upgrade_release(revision, SEED, SEED_SHA256)


def downgrade() -> None:
    downgrade_release("2026-04-17")
