"""CR release effective 2026-08-07 (MagicCompRules-20260807.txt).

Revision ID: cr_2026_08_07
Revises: cr_2026_06_19
"""

from collections.abc import Sequence

from rulesdb_loaders.release_v1 import downgrade_release, upgrade_release

revision: str = "cr_2026_08_07"
down_revision: str | None = "cr_2026_06_19"
branch_labels: str | Sequence[str] | None = None
depends_on: str | Sequence[str] | None = None

SEED = "cr_2026_08_07.json"
SEED_SHA256 = "ff5f40d30ba178607586b03657fcc7760ddd864211dfeca50d67b0926ebadbd3"


def upgrade() -> None:
    upgrade_release(revision, SEED, SEED_SHA256)


def downgrade() -> None:
    downgrade_release("2026-08-07")
