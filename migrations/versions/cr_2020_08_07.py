"""CR release effective 2020-08-07 (MagicCompRules-20200807.txt).

Revision ID: cr_2020_08_07
Revises: cr_2020_07_03
"""

from collections.abc import Sequence

from rulesdb_loaders.release_v1 import downgrade_release, upgrade_release

revision: str = "cr_2020_08_07"
down_revision: str | None = "cr_2020_07_03"
branch_labels: str | Sequence[str] | None = None
depends_on: str | Sequence[str] | None = None

SEED = "cr_2020_08_07.json"
SEED_SHA256 = "376f69125eda4cd6cc2751f38263e80762be3079f0b69484779aac2dc93fc7fb"


def upgrade() -> None:
    upgrade_release(revision, SEED, SEED_SHA256)


def downgrade() -> None:
    downgrade_release("2020-08-07")
