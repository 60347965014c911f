"""CR release effective 2013-11-01 (MagicCompRules-20131101.txt).

Revision ID: cr_2013_11_01
Revises: cr_2013_09_27
"""

from collections.abc import Sequence

from rulesdb_loaders.release_v3 import downgrade_release, upgrade_release

revision: str = "cr_2013_11_01"
down_revision: str | None = "cr_2013_09_27"
branch_labels: str | Sequence[str] | None = None
depends_on: str | Sequence[str] | None = None

SEED = "cr_2013_11_01.json"
SEED_SHA256 = "88fdeb7117244250c5bf5a84bdf59f584a0394bad10468a123b748c74f49e915"


def upgrade() -> None:
    upgrade_release(revision, SEED, SEED_SHA256)


def downgrade() -> None:
    downgrade_release("2013-11-01")
