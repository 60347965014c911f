"""CR release effective 2009-02-01 (MagicCompRules-20090201.txt).

Revision ID: cr_2009_02_01
Revises: cr_2008_10_01
"""

from collections.abc import Sequence

from rulesdb_loaders.release_v3 import downgrade_release, upgrade_release

revision: str = "cr_2009_02_01"
down_revision: str | None = "cr_2008_10_01"
branch_labels: str | Sequence[str] | None = None
depends_on: str | Sequence[str] | None = None

SEED = "cr_2009_02_01.json"
SEED_SHA256 = "f9833f31b091bb2a4751639ff9b5f4a0db9d802d7e645bb6d1f08ab9e18aae25"


def upgrade() -> None:
    upgrade_release(revision, SEED, SEED_SHA256)


def downgrade() -> None:
    downgrade_release("2009-02-01")
