"""CR release effective 2013-02-01 (MagicCompRules-20130201.docx).

Revision ID: cr_2013_02_01
Revises: cr_2012_10_01
"""

from collections.abc import Sequence

from rulesdb_loaders.release_v2 import downgrade_release, upgrade_release

revision: str = "cr_2013_02_01"
down_revision: str | None = "cr_2012_10_01"
branch_labels: str | Sequence[str] | None = None
depends_on: str | Sequence[str] | None = None

SEED = "cr_2013_02_01.json"
SEED_SHA256 = "b437f274b5c3d064b92b74a8afc395fa6c479c9b1f3a72cb75af9f1d4bb4b328"


def upgrade() -> None:
    upgrade_release(revision, SEED, SEED_SHA256)


def downgrade() -> None:
    downgrade_release("2013-02-01")
