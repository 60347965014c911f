"""CR release effective 2007-02-01 (MagicCompRules-20070201.txt).

Revision ID: cr_2007_02_01
Revises: cr_2006_10_01
"""

from collections.abc import Sequence

from rulesdb_loaders.release_v3 import downgrade_release, upgrade_release

revision: str = "cr_2007_02_01"
down_revision: str | None = "cr_2006_10_01"
branch_labels: str | Sequence[str] | None = None
depends_on: str | Sequence[str] | None = None

SEED = "cr_2007_02_01.json"
SEED_SHA256 = "5a62a54e3012217f3c30fe795771ce7fbd4aa30d0d60f2e9d46d31f38a7103a3"


def upgrade() -> None:
    upgrade_release(revision, SEED, SEED_SHA256)


def downgrade() -> None:
    downgrade_release("2007-02-01")
