"""CR release effective 2021-11-19 (MagicCompRules-20211119.txt).

Revision ID: cr_2021_11_19
Revises: cr_2021_09_24
"""

from collections.abc import Sequence

from rulesdb_loaders.release_v1 import downgrade_release, upgrade_release

revision: str = "cr_2021_11_19"
down_revision: str | None = "cr_2021_09_24"
branch_labels: str | Sequence[str] | None = None
depends_on: str | Sequence[str] | None = None

SEED = "cr_2021_11_19.json"
SEED_SHA256 = "7a4fbbbfd0c753055d396f842ab7b7eb98cbd2b107a78a376ef9c536247b2597"


def upgrade() -> None:
    upgrade_release(revision, SEED, SEED_SHA256)


def downgrade() -> None:
    downgrade_release("2021-11-19")
