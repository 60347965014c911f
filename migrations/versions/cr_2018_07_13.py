"""CR release effective 2018-07-13 (MagicCompRules-20180713.txt).

Revision ID: cr_2018_07_13
Revises: cr_2017_09_29
"""

from collections.abc import Sequence

from rulesdb_loaders.release_v1 import downgrade_release, upgrade_release

revision: str = "cr_2018_07_13"
down_revision: str | None = "cr_2017_09_29"
branch_labels: str | Sequence[str] | None = None
depends_on: str | Sequence[str] | None = None

SEED = "cr_2018_07_13.json"
SEED_SHA256 = "d6f86823d9f62229611433ce7c41b7e7b0d9eb52f008603a6d42aa635a2b9327"


def upgrade() -> None:
    upgrade_release(revision, SEED, SEED_SHA256)


def downgrade() -> None:
    downgrade_release("2018-07-13")
