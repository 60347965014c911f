"""CR release effective 2011-02-04 (MagicCompRules-20110204.txt).

Revision ID: cr_2011_02_04
Revises: cr_2010_10_01
"""

from collections.abc import Sequence

from rulesdb_loaders.release_v3 import downgrade_release, upgrade_release

revision: str = "cr_2011_02_04"
down_revision: str | None = "cr_2010_10_01"
branch_labels: str | Sequence[str] | None = None
depends_on: str | Sequence[str] | None = None

SEED = "cr_2011_02_04.json"
SEED_SHA256 = "7dc2facd4c65c693cad5bbc11c7395e21c385fcb5c78fc5bdeb3c6b74aae685d"


def upgrade() -> None:
    upgrade_release(revision, SEED, SEED_SHA256)


def downgrade() -> None:
    downgrade_release("2011-02-04")
