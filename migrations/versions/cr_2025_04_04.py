"""CR release effective 2025-04-04 (MagicCompRules-20250404.txt).

Revision ID: cr_2025_04_04
Revises: cr_2025_02_07
"""

from collections.abc import Sequence

from rulesdb_loaders.release_v1 import downgrade_release, upgrade_release

revision: str = "cr_2025_04_04"
down_revision: str | None = "cr_2025_02_07"
branch_labels: str | Sequence[str] | None = None
depends_on: str | Sequence[str] | None = None

SEED = "cr_2025_04_04.json"
SEED_SHA256 = "2e1c5c52c6705f5be8aa24f3e62e7732725ef0679ee342e01835da49a840411d"


def upgrade() -> None:
    upgrade_release(revision, SEED, SEED_SHA256)


def downgrade() -> None:
    downgrade_release("2025-04-04")
