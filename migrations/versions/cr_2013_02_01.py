"""CR release effective 2013-02-01 (MagicCompRules-20130201.docx).

Revision ID: cr_2013_02_01
Revises: cr_2012_10_01
"""

from collections.abc import Sequence

from rulesdb_loaders.release_v3 import downgrade_release, upgrade_release

revision: str = "cr_2013_02_01"
down_revision: str | None = "cr_2012_10_01"
branch_labels: str | Sequence[str] | None = None
depends_on: str | Sequence[str] | None = None

SEED = "cr_2013_02_01.json"
SEED_SHA256 = "a3123b623a519c1d91fc8799037df7f4fb14d4ff17423566a1af3f716aa6db06"


def upgrade() -> None:
    upgrade_release(revision, SEED, SEED_SHA256)


def downgrade() -> None:
    downgrade_release("2013-02-01")
