"""CR release effective 2008-02-01 (MagicCompRules-20080201.txt).

Revision ID: cr_2008_02_01
Revises: cr_2007_10_01
"""

from collections.abc import Sequence

from rulesdb_loaders.release_v3 import downgrade_release, upgrade_release

revision: str = "cr_2008_02_01"
down_revision: str | None = "cr_2007_10_01"
branch_labels: str | Sequence[str] | None = None
depends_on: str | Sequence[str] | None = None

SEED = "cr_2008_02_01.json"
SEED_SHA256 = "1a85effe53e31bd2679af9c70378e3d59c2ca6b66a5354f6d098e70fb7d133f3"


def upgrade() -> None:
    upgrade_release(revision, SEED, SEED_SHA256)


def downgrade() -> None:
    downgrade_release("2008-02-01")
