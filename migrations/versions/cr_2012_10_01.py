"""CR release effective 2012-10-01 (MagicCompRules-20121001.txt).

Revision ID: cr_2012_10_01
Revises: cr_2012_07_01
"""

from collections.abc import Sequence

from rulesdb_loaders.release_v3 import downgrade_release, upgrade_release

revision: str = "cr_2012_10_01"
down_revision: str | None = "cr_2012_07_01"
branch_labels: str | Sequence[str] | None = None
depends_on: str | Sequence[str] | None = None

SEED = "cr_2012_10_01.json"
SEED_SHA256 = "e1f8970b83529a6b41321e5d64ec2fd5de8f76bdb067461908ac746d809889d1"


def upgrade() -> None:
    upgrade_release(revision, SEED, SEED_SHA256)


def downgrade() -> None:
    downgrade_release("2012-10-01")
