"""CR release effective 2013-07-13 (MagicCompRules-20130713.txt).

Revision ID: cr_2013_07_13
Revises: cr_2013_05_01
"""

from collections.abc import Sequence

from rulesdb_loaders.release_v3 import downgrade_release, upgrade_release

revision: str = "cr_2013_07_13"
down_revision: str | None = "cr_2013_05_01"
branch_labels: str | Sequence[str] | None = None
depends_on: str | Sequence[str] | None = None

SEED = "cr_2013_07_13.json"
SEED_SHA256 = "f2cd4f0ec6353e7d58447acd94ee7812e70cd612e993b8ad822e508b623c80dc"


def upgrade() -> None:
    upgrade_release(revision, SEED, SEED_SHA256)


def downgrade() -> None:
    downgrade_release("2013-07-13")
