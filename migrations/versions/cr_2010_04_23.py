"""CR release effective 2010-04-23 (MagicCompRules-20100423.txt).

Revision ID: cr_2010_04_23
Revises: cr_2010_02_01
"""

from collections.abc import Sequence

from rulesdb_loaders.release_v3 import downgrade_release, upgrade_release

revision: str = "cr_2010_04_23"
down_revision: str | None = "cr_2010_02_01"
branch_labels: str | Sequence[str] | None = None
depends_on: str | Sequence[str] | None = None

SEED = "cr_2010_04_23.json"
SEED_SHA256 = "4f4a11f6dcd71f9e616413c828961050a8fd725e930183a2d6a7c0f0fd8833eb"


def upgrade() -> None:
    upgrade_release(revision, SEED, SEED_SHA256)


def downgrade() -> None:
    downgrade_release("2010-04-23")
