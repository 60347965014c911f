"""CR release effective 2018-04-27 (MagicCompRules-20180427.txt).

Revision ID: cr_2018_04_27
Revises: cr_2018_01_19
"""

from collections.abc import Sequence

from rulesdb_loaders.release_v3 import downgrade_release, upgrade_release

revision: str = "cr_2018_04_27"
down_revision: str | None = "cr_2018_01_19"
branch_labels: str | Sequence[str] | None = None
depends_on: str | Sequence[str] | None = None

SEED = "cr_2018_04_27.json"
SEED_SHA256 = "007e0827c47de1d17592fc574ca7dc26047165715f6a8b4092af44a7684289b4"


def upgrade() -> None:
    upgrade_release(revision, SEED, SEED_SHA256)


def downgrade() -> None:
    downgrade_release("2018-04-27")
