"""CR release effective 2022-06-10 (MagicCompRules-20220610.txt).

Revision ID: cr_2022_06_10
Revises: cr_2022_04_29
"""

from collections.abc import Sequence

from rulesdb_loaders.release_v1 import downgrade_release, upgrade_release

revision: str = "cr_2022_06_10"
down_revision: str | None = "cr_2022_04_29"
branch_labels: str | Sequence[str] | None = None
depends_on: str | Sequence[str] | None = None

SEED = "cr_2022_06_10.json"
SEED_SHA256 = "0bee86b2b1966aa85562c4bd438011e5c8a22417e95a76097fddfa21c9818627"


def upgrade() -> None:
    upgrade_release(revision, SEED, SEED_SHA256)


def downgrade() -> None:
    downgrade_release("2022-06-10")
