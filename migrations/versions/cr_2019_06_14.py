"""CR release effective 2019-06-14 (MagicCompRules-20190614.txt).

Revision ID: cr_2019_06_14
Revises: cr_2019_05_03
"""

from collections.abc import Sequence

from rulesdb_loaders.release_v1 import downgrade_release, upgrade_release

revision: str = "cr_2019_06_14"
down_revision: str | None = "cr_2019_05_03"
branch_labels: str | Sequence[str] | None = None
depends_on: str | Sequence[str] | None = None

SEED = "cr_2019_06_14.json"
SEED_SHA256 = "e290614c57f0c84da6336e254c277176d2b23000bd5a087d98b1778ad2994db9"


def upgrade() -> None:
    upgrade_release(revision, SEED, SEED_SHA256)


def downgrade() -> None:
    downgrade_release("2019-06-14")
