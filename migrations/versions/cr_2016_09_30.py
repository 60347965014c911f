"""CR release effective 2016-09-30 (MagicCompRules-20160930.txt).

Revision ID: cr_2016_09_30
Revises: cr_2016_08_26
"""

from collections.abc import Sequence

from rulesdb_loaders.release_v1 import downgrade_release, upgrade_release

revision: str = "cr_2016_09_30"
down_revision: str | None = "cr_2016_08_26"
branch_labels: str | Sequence[str] | None = None
depends_on: str | Sequence[str] | None = None

SEED = "cr_2016_09_30.json"
SEED_SHA256 = "205fac5b992876f05d94f6acae922226a76b2380afcb8aab4f83d026729ec8fc"


def upgrade() -> None:
    upgrade_release(revision, SEED, SEED_SHA256)


def downgrade() -> None:
    downgrade_release("2016-09-30")
