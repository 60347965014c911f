"""CR release effective 2020-01-24 (MagicCompRules-20200124.txt).

Revision ID: cr_2020_01_24
Revises: cr_2019_10_04
"""

from collections.abc import Sequence

from rulesdb_loaders.release_v1 import downgrade_release, upgrade_release

revision: str = "cr_2020_01_24"
down_revision: str | None = "cr_2019_10_04"
branch_labels: str | Sequence[str] | None = None
depends_on: str | Sequence[str] | None = None

SEED = "cr_2020_01_24.json"
SEED_SHA256 = "9da749764a9e046a1f7ac5a5ed5a99ae38327b35b1e51d0ceab117fe730e6fa8"


def upgrade() -> None:
    upgrade_release(revision, SEED, SEED_SHA256)


def downgrade() -> None:
    downgrade_release("2020-01-24")
