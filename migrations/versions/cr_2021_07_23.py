"""CR release effective 2021-07-23 (MagicCompRules-20210723.txt).

Revision ID: cr_2021_07_23
Revises: cr_2021_06_18
"""

from collections.abc import Sequence

from rulesdb_loaders.release_v1 import downgrade_release, upgrade_release

revision: str = "cr_2021_07_23"
down_revision: str | None = "cr_2021_06_18"
branch_labels: str | Sequence[str] | None = None
depends_on: str | Sequence[str] | None = None

SEED = "cr_2021_07_23.json"
SEED_SHA256 = "3beb72a86960fa625768fa385ca693e39ee2a3d144873e544eb200b612d2b5b5"


def upgrade() -> None:
    upgrade_release(revision, SEED, SEED_SHA256)


def downgrade() -> None:
    downgrade_release("2021-07-23")
