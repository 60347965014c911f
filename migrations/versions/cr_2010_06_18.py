"""CR release effective 2010-06-18 (MagicCompRules-20100618.txt).

Revision ID: cr_2010_06_18
Revises: cr_2010_04_23
"""

from collections.abc import Sequence

from rulesdb_loaders.release_v3 import downgrade_release, upgrade_release

revision: str = "cr_2010_06_18"
down_revision: str | None = "cr_2010_04_23"
branch_labels: str | Sequence[str] | None = None
depends_on: str | Sequence[str] | None = None

SEED = "cr_2010_06_18.json"
SEED_SHA256 = "a0bccd259702c81760cff61ff82859cc1dabdd5dc79ea0d35afba6732f4595bf"


def upgrade() -> None:
    upgrade_release(revision, SEED, SEED_SHA256)


def downgrade() -> None:
    downgrade_release("2010-06-18")
