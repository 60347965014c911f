"""CR release effective 1999-11-01 (MagicCompRules-19991101.txt).

Revision ID: cr_1999_11_01
Revises: cr_1999_04_23
"""

from collections.abc import Sequence

from rulesdb_loaders.release_v3 import downgrade_release, upgrade_release

revision: str = "cr_1999_11_01"
down_revision: str | None = "cr_1999_04_23"
branch_labels: str | Sequence[str] | None = None
depends_on: str | Sequence[str] | None = None

SEED = "cr_1999_11_01.json"
SEED_SHA256 = "fbf21c8b546775ab4801cfd17551e88b35d902e7ec2dc4896df36acc037272ad"


def upgrade() -> None:
    upgrade_release(revision, SEED, SEED_SHA256)


def downgrade() -> None:
    downgrade_release("1999-11-01")
