"""CR release effective 2021-06-18 (MagicCompRules-20210618.txt).

Revision ID: cr_2021_06_18
Revises: cr_2021_04_22
"""

from collections.abc import Sequence

from rulesdb_loaders.release_v1 import downgrade_release, upgrade_release

revision: str = "cr_2021_06_18"
down_revision: str | None = "cr_2021_04_22"
branch_labels: str | Sequence[str] | None = None
depends_on: str | Sequence[str] | None = None

SEED = "cr_2021_06_18.json"
SEED_SHA256 = "eb8580aea144b1db37875c76b5a5ef71409f9e418507c3006d2068f89ec90ef4"


def upgrade() -> None:
    upgrade_release(revision, SEED, SEED_SHA256)


def downgrade() -> None:
    downgrade_release("2021-06-18")
