"""CR release effective 2008-05-01 (MagicCompRules-20080501.txt).

Revision ID: cr_2008_05_01
Revises: cr_2008_02_01
"""

from collections.abc import Sequence

from rulesdb_loaders.release_v3 import downgrade_release, upgrade_release

revision: str = "cr_2008_05_01"
down_revision: str | None = "cr_2008_02_01"
branch_labels: str | Sequence[str] | None = None
depends_on: str | Sequence[str] | None = None

SEED = "cr_2008_05_01.json"
SEED_SHA256 = "9d6c5fc6dbdd0c607bce49f1ca807cf11812f939c7115810e23759713e626560"


def upgrade() -> None:
    upgrade_release(revision, SEED, SEED_SHA256)


def downgrade() -> None:
    downgrade_release("2008-05-01")
