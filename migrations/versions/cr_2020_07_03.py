"""CR release effective 2020-07-03 (MagicCompRules-20200703.txt).

Revision ID: cr_2020_07_03
Revises: cr_2020_06_01
"""

from collections.abc import Sequence

from rulesdb_loaders.release_v1 import downgrade_release, upgrade_release

revision: str = "cr_2020_07_03"
down_revision: str | None = "cr_2020_06_01"
branch_labels: str | Sequence[str] | None = None
depends_on: str | Sequence[str] | None = None

SEED = "cr_2020_07_03.json"
SEED_SHA256 = "fc588860758719307f18dfe1c113353987c20b8088ded34e3f55650e14c42c6e"


def upgrade() -> None:
    upgrade_release(revision, SEED, SEED_SHA256)


def downgrade() -> None:
    downgrade_release("2020-07-03")
