"""CR release effective 2012-02-01 (MagicCompRules-20120201.txt).

Revision ID: cr_2012_02_01
Revises: cr_2011_09_30
"""

from collections.abc import Sequence

from rulesdb_loaders.release_v3 import downgrade_release, upgrade_release

revision: str = "cr_2012_02_01"
down_revision: str | None = "cr_2011_09_30"
branch_labels: str | Sequence[str] | None = None
depends_on: str | Sequence[str] | None = None

SEED = "cr_2012_02_01.json"
SEED_SHA256 = "df436c0f83f74b3b51bb04014b58c04d79e4ef15130b0a7707dff356a96d2fae"


def upgrade() -> None:
    upgrade_release(revision, SEED, SEED_SHA256)


def downgrade() -> None:
    downgrade_release("2012-02-01")
