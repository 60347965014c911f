"""CR release effective 2021-02-05 (MagicCompRules-20210205.txt).

Revision ID: cr_2021_02_05
Revises: cr_2020_11_20
"""

from collections.abc import Sequence

from rulesdb_loaders.release_v1 import downgrade_release, upgrade_release

revision: str = "cr_2021_02_05"
down_revision: str | None = "cr_2020_11_20"
branch_labels: str | Sequence[str] | None = None
depends_on: str | Sequence[str] | None = None

SEED = "cr_2021_02_05.json"
SEED_SHA256 = "ac86db4a15cdc221419800b6223cb276a594d445a1f7b7c2b08c1f282bc1e302"


def upgrade() -> None:
    upgrade_release(revision, SEED, SEED_SHA256)


def downgrade() -> None:
    downgrade_release("2021-02-05")
