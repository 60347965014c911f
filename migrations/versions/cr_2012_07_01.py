"""CR release effective 2012-07-01 (MagicCompRules-20120701.txt).

Revision ID: cr_2012_07_01
Revises: cr_2012_06_01
"""

from collections.abc import Sequence

from rulesdb_loaders.release_v3 import downgrade_release, upgrade_release

revision: str = "cr_2012_07_01"
down_revision: str | None = "cr_2012_06_01"
branch_labels: str | Sequence[str] | None = None
depends_on: str | Sequence[str] | None = None

SEED = "cr_2012_07_01.json"
SEED_SHA256 = "c26f16ccf936af5cbd4398289f937bf08389a3be3393b41189456b4749078543"


def upgrade() -> None:
    upgrade_release(revision, SEED, SEED_SHA256)


def downgrade() -> None:
    downgrade_release("2012-07-01")
