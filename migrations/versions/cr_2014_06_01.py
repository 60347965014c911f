"""CR release effective 2014-06-01 (MagicCompRules-20140601.txt).

Revision ID: cr_2014_06_01
Revises: cr_2014_05_01
"""

from collections.abc import Sequence

from rulesdb_loaders.release_v3 import downgrade_release, upgrade_release

revision: str = "cr_2014_06_01"
down_revision: str | None = "cr_2014_05_01"
branch_labels: str | Sequence[str] | None = None
depends_on: str | Sequence[str] | None = None

SEED = "cr_2014_06_01.json"
SEED_SHA256 = "5ae89f7b430c2189a898fa8bedc1c335ad10414d56a1bb2b8b90843db52ee456"


def upgrade() -> None:
    upgrade_release(revision, SEED, SEED_SHA256)


def downgrade() -> None:
    downgrade_release("2014-06-01")
