"""CR release effective 2021-02-15 (MagicCompRules-20210215.txt).

Revision ID: cr_2021_02_15
Revises: cr_2021_02_05
"""

from collections.abc import Sequence

from rulesdb_loaders.release_v1 import downgrade_release, upgrade_release

revision: str = "cr_2021_02_15"
down_revision: str | None = "cr_2021_02_05"
branch_labels: str | Sequence[str] | None = None
depends_on: str | Sequence[str] | None = None

SEED = "cr_2021_02_15.json"
SEED_SHA256 = "14401202a4d0035d5deb3e76e0c9cf0f8bfd98c51106ded1dd2a54b544f76c73"


def upgrade() -> None:
    upgrade_release(revision, SEED, SEED_SHA256)


def downgrade() -> None:
    downgrade_release("2021-02-15")
