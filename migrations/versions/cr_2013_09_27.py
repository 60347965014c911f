"""CR release effective 2013-09-27 (MagicCompRules-20130927.txt).

Revision ID: cr_2013_09_27
Revises: cr_2013_07_13
"""

from collections.abc import Sequence

from rulesdb_loaders.release_v3 import downgrade_release, upgrade_release

revision: str = "cr_2013_09_27"
down_revision: str | None = "cr_2013_07_13"
branch_labels: str | Sequence[str] | None = None
depends_on: str | Sequence[str] | None = None

SEED = "cr_2013_09_27.json"
SEED_SHA256 = "5b671640bce21395c0af0e954d5d973646eceb16496689d28267d3aa892b179e"


def upgrade() -> None:
    upgrade_release(revision, SEED, SEED_SHA256)


def downgrade() -> None:
    downgrade_release("2013-09-27")
