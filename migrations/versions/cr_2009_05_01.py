"""CR release effective 2009-05-01 (MagicCompRules-20090501.txt).

Revision ID: cr_2009_05_01
Revises: cr_2009_02_01
"""

from collections.abc import Sequence

from rulesdb_loaders.release_v3 import downgrade_release, upgrade_release

revision: str = "cr_2009_05_01"
down_revision: str | None = "cr_2009_02_01"
branch_labels: str | Sequence[str] | None = None
depends_on: str | Sequence[str] | None = None

SEED = "cr_2009_05_01.json"
SEED_SHA256 = "68dc9a97c1d70fd0448505c21cafd6aadeec9cc1932408efc686451c7fe35adb"


def upgrade() -> None:
    upgrade_release(revision, SEED, SEED_SHA256)


def downgrade() -> None:
    downgrade_release("2009-05-01")
