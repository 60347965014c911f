"""CR release effective 2011-07-15 (MagicCompRules-20110715.txt).

Revision ID: cr_2011_07_15
Revises: cr_2011_06_17
"""

from collections.abc import Sequence

from rulesdb_loaders.release_v3 import downgrade_release, upgrade_release

revision: str = "cr_2011_07_15"
down_revision: str | None = "cr_2011_06_17"
branch_labels: str | Sequence[str] | None = None
depends_on: str | Sequence[str] | None = None

SEED = "cr_2011_07_15.json"
SEED_SHA256 = "14c72bcfbcb3289dc7ffaccc1352b77ae11b7ad88288d001f29fbe65adfcb979"


def upgrade() -> None:
    upgrade_release(revision, SEED, SEED_SHA256)


def downgrade() -> None:
    downgrade_release("2011-07-15")
