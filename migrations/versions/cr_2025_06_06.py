"""CR release effective 2025-06-06 (MagicCompRules-20250606.txt).

Revision ID: cr_2025_06_06
Revises: cr_2025_04_04
"""

from collections.abc import Sequence

from rulesdb_loaders.release_v1 import downgrade_release, upgrade_release

revision: str = "cr_2025_06_06"
down_revision: str | None = "cr_2025_04_04"
branch_labels: str | Sequence[str] | None = None
depends_on: str | Sequence[str] | None = None

SEED = "cr_2025_06_06.json"
SEED_SHA256 = "2e0789d447c40ca4ec6bd387d129a29025b16a2626bf9adc9d968863fc86fece"


def upgrade() -> None:
    upgrade_release(revision, SEED, SEED_SHA256)


def downgrade() -> None:
    downgrade_release("2025-06-06")
