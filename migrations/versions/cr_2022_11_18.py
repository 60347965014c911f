"""CR release effective 2022-11-18 (MagicCompRules-20221118.txt).

Revision ID: cr_2022_11_18
Revises: cr_2022_10_07
"""

from collections.abc import Sequence

from rulesdb_loaders.release_v1 import downgrade_release, upgrade_release

revision: str = "cr_2022_11_18"
down_revision: str | None = "cr_2022_10_07"
branch_labels: str | Sequence[str] | None = None
depends_on: str | Sequence[str] | None = None

SEED = "cr_2022_11_18.json"
SEED_SHA256 = "ba6fd1a4c7b3bd82c2b43b5336438b502347c0d845c260bc275d4130ec0635d4"


def upgrade() -> None:
    upgrade_release(revision, SEED, SEED_SHA256)


def downgrade() -> None:
    downgrade_release("2022-11-18")
