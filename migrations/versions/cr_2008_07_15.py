"""CR release effective 2008-07-15 (MagicCompRules-20080715.txt).

Revision ID: cr_2008_07_15
Revises: cr_2008_05_01
"""

from collections.abc import Sequence

from rulesdb_loaders.release_v3 import downgrade_release, upgrade_release

revision: str = "cr_2008_07_15"
down_revision: str | None = "cr_2008_05_01"
branch_labels: str | Sequence[str] | None = None
depends_on: str | Sequence[str] | None = None

SEED = "cr_2008_07_15.json"
SEED_SHA256 = "411492574e0e086f9622218b3a3053be51928ecd71269c382cdbe4a209f72f39"


def upgrade() -> None:
    upgrade_release(revision, SEED, SEED_SHA256)


def downgrade() -> None:
    downgrade_release("2008-07-15")
