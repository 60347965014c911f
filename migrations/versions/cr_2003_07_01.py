"""CR release effective 2003-07-01 (MagicCompRules-20030701.txt).

Revision ID: cr_2003_07_01
Revises: cr_2003_06_01
"""

from collections.abc import Sequence

from rulesdb_loaders.release_v3 import downgrade_release, upgrade_release

revision: str = "cr_2003_07_01"
down_revision: str | None = "cr_2003_06_01"
branch_labels: str | Sequence[str] | None = None
depends_on: str | Sequence[str] | None = None

SEED = "cr_2003_07_01.json"
SEED_SHA256 = "76099067b56a487b59466ac089e11976d47d8695c1bdcb260e1f61a03a224d8b"


def upgrade() -> None:
    upgrade_release(revision, SEED, SEED_SHA256)


def downgrade() -> None:
    downgrade_release("2003-07-01")
