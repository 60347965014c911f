"""CR release effective 2011-06-17 (MagicCompRules-20110617.txt).

Revision ID: cr_2011_06_17
Revises: cr_2011_05_01
"""

from collections.abc import Sequence

from rulesdb_loaders.release_v3 import downgrade_release, upgrade_release

revision: str = "cr_2011_06_17"
down_revision: str | None = "cr_2011_05_01"
branch_labels: str | Sequence[str] | None = None
depends_on: str | Sequence[str] | None = None

SEED = "cr_2011_06_17.json"
SEED_SHA256 = "7937400b7e7ca079f7af4a96ac272b4f8c385e6c02bf4eb400663131106468d8"


def upgrade() -> None:
    upgrade_release(revision, SEED, SEED_SHA256)


def downgrade() -> None:
    downgrade_release("2011-06-17")
