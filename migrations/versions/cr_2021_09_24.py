"""CR release effective 2021-09-24 (MagicCompRules-20210924.txt).

Revision ID: cr_2021_09_24
Revises: cr_2021_07_23
"""

from collections.abc import Sequence

from rulesdb_loaders.release_v1 import downgrade_release, upgrade_release

revision: str = "cr_2021_09_24"
down_revision: str | None = "cr_2021_07_23"
branch_labels: str | Sequence[str] | None = None
depends_on: str | Sequence[str] | None = None

SEED = "cr_2021_09_24.json"
SEED_SHA256 = "513165174d22e7daba6162de64f175cf875d34b7c604b5fe449d7faa238d2637"


def upgrade() -> None:
    upgrade_release(revision, SEED, SEED_SHA256)


def downgrade() -> None:
    downgrade_release("2021-09-24")
