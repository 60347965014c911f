"""CR release effective 2012-05-01 (MagicCompRules-20120501.txt).

Revision ID: cr_2012_05_01
Revises: cr_2012_02_01
"""

from collections.abc import Sequence

from rulesdb_loaders.release_v3 import downgrade_release, upgrade_release

revision: str = "cr_2012_05_01"
down_revision: str | None = "cr_2012_02_01"
branch_labels: str | Sequence[str] | None = None
depends_on: str | Sequence[str] | None = None

SEED = "cr_2012_05_01.json"
SEED_SHA256 = "db921891e95905abb6c886578bd7377d6ad7fba07b1422c07a879b1b4e3a84a9"


def upgrade() -> None:
    upgrade_release(revision, SEED, SEED_SHA256)


def downgrade() -> None:
    downgrade_release("2012-05-01")
