"""CR release effective 2003-03-15 (MagicCompRules-20030315.txt).

Revision ID: cr_2003_03_15
Revises: cr_2002_10_07
"""

from collections.abc import Sequence

from rulesdb_loaders.release_v3 import downgrade_release, upgrade_release

revision: str = "cr_2003_03_15"
down_revision: str | None = "cr_2002_10_07"
branch_labels: str | Sequence[str] | None = None
depends_on: str | Sequence[str] | None = None

SEED = "cr_2003_03_15.json"
SEED_SHA256 = "e5d19c8682f57dfc79f3d25c9f93d2a24d5fea3a3999a1bdc5ffeb4147f1e9fe"


def upgrade() -> None:
    upgrade_release(revision, SEED, SEED_SHA256)


def downgrade() -> None:
    downgrade_release("2003-03-15")
