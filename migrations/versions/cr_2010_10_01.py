"""CR release effective 2010-10-01 (MagicCompRules-20101001.txt).

Revision ID: cr_2010_10_01
Revises: cr_2010_07_16
"""

from collections.abc import Sequence

from rulesdb_loaders.release_v3 import downgrade_release, upgrade_release

revision: str = "cr_2010_10_01"
down_revision: str | None = "cr_2010_07_16"
branch_labels: str | Sequence[str] | None = None
depends_on: str | Sequence[str] | None = None

SEED = "cr_2010_10_01.json"
SEED_SHA256 = "9b5b72610de9d80f044144d5b1ed2a88947ff488048b09dbb512028c3949530c"


def upgrade() -> None:
    upgrade_release(revision, SEED, SEED_SHA256)


def downgrade() -> None:
    downgrade_release("2010-10-01")
