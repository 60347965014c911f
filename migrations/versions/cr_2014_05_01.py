"""CR release effective 2014-05-01 (MagicCompRules-20140501.txt).

Revision ID: cr_2014_05_01
Revises: cr_2014_02_01
"""

from collections.abc import Sequence

from rulesdb_loaders.release_v3 import downgrade_release, upgrade_release

revision: str = "cr_2014_05_01"
down_revision: str | None = "cr_2014_02_01"
branch_labels: str | Sequence[str] | None = None
depends_on: str | Sequence[str] | None = None

SEED = "cr_2014_05_01.json"
SEED_SHA256 = "65f04a299297f5040ab675b1562082f4157b83b3adfd9e6f4c7bf61077a1b321"


def upgrade() -> None:
    upgrade_release(revision, SEED, SEED_SHA256)


def downgrade() -> None:
    downgrade_release("2014-05-01")
