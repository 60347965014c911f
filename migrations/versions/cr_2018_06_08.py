"""CR release effective 2018-06-08 (MagicCompRules-20180608.txt).

Revision ID: cr_2018_06_08
Revises: cr_2018_04_27
"""

from collections.abc import Sequence

from rulesdb_loaders.release_v3 import downgrade_release, upgrade_release

revision: str = "cr_2018_06_08"
down_revision: str | None = "cr_2018_04_27"
branch_labels: str | Sequence[str] | None = None
depends_on: str | Sequence[str] | None = None

SEED = "cr_2018_06_08.json"
SEED_SHA256 = "af9220e3fe88fc4d91ee100ef66c389efc5e6f42f43c8313cf51cbb086b960ac"


def upgrade() -> None:
    upgrade_release(revision, SEED, SEED_SHA256)


def downgrade() -> None:
    downgrade_release("2018-06-08")
