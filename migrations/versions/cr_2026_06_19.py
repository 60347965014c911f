"""CR release effective 2026-06-19 (MagicCompRules-20260619.txt).

Revision ID: cr_2026_06_19
Revises: cr_2026_04_17
"""

from collections.abc import Sequence

from rulesdb_loaders.release_v1 import downgrade_release, upgrade_release

revision: str = "cr_2026_06_19"
down_revision: str | None = "cr_2026_04_17"
branch_labels: str | Sequence[str] | None = None
depends_on: str | Sequence[str] | None = None

SEED = "cr_2026_06_19.json"
SEED_SHA256 = "ea0fdd0fdbfbeef3c975022effda788a85db338de2a84ae272efa89e4ecdc909"


def upgrade() -> None:
    upgrade_release(revision, SEED, SEED_SHA256)


def downgrade() -> None:
    downgrade_release("2026-06-19")
