"""CR release effective 2016-07-22 (MagicCompRules-20160722.txt).

Revision ID: cr_2016_07_22
Revises: 0002_views
"""

from collections.abc import Sequence

from rulesdb_loaders.release_v1 import downgrade_release, upgrade_release

revision: str = "cr_2016_07_22"
down_revision: str | None = "0002_views"
branch_labels: str | Sequence[str] | None = None
depends_on: str | Sequence[str] | None = None

SEED = "cr_2016_07_22.json"
SEED_SHA256 = "e9d9357b113faf04cfc8db65b7114e8c996c95199e8fdb4b9a30c3e9b8f764c1"


def upgrade() -> None:
    upgrade_release(revision, SEED, SEED_SHA256)


def downgrade() -> None:
    downgrade_release("2016-07-22")
