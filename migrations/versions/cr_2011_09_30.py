"""CR release effective 2011-09-30 (MagicCompRules-20110930.txt).

Revision ID: cr_2011_09_30
Revises: cr_2011_07_15
"""

from collections.abc import Sequence

from rulesdb_loaders.release_v3 import downgrade_release, upgrade_release

revision: str = "cr_2011_09_30"
down_revision: str | None = "cr_2011_07_15"
branch_labels: str | Sequence[str] | None = None
depends_on: str | Sequence[str] | None = None

SEED = "cr_2011_09_30.json"
SEED_SHA256 = "fd55432e6df0ce77796e95410a10a5602242468621016a80513b1504778b20c2"


def upgrade() -> None:
    upgrade_release(revision, SEED, SEED_SHA256)


def downgrade() -> None:
    downgrade_release("2011-09-30")
