"""CR release effective 2014-02-01 (MagicCompRules-20140201.txt).

Revision ID: cr_2014_02_01
Revises: cr_2013_11_01
"""

from collections.abc import Sequence

from rulesdb_loaders.release_v3 import downgrade_release, upgrade_release

revision: str = "cr_2014_02_01"
down_revision: str | None = "cr_2013_11_01"
branch_labels: str | Sequence[str] | None = None
depends_on: str | Sequence[str] | None = None

SEED = "cr_2014_02_01.json"
SEED_SHA256 = "013c85eb7be93de18ffd02b85ad55f790b0d8894a4715253f301dabee44306e7"


def upgrade() -> None:
    upgrade_release(revision, SEED, SEED_SHA256)


def downgrade() -> None:
    downgrade_release("2014-02-01")
