"""CR release effective 2003-06-01 (MagicCompRules-20030601.rtf).

Revision ID: cr_2003_06_01
Revises: cr_2003_03_15
"""

from collections.abc import Sequence

from rulesdb_loaders.release_v3 import downgrade_release, upgrade_release

revision: str = "cr_2003_06_01"
down_revision: str | None = "cr_2003_03_15"
branch_labels: str | Sequence[str] | None = None
depends_on: str | Sequence[str] | None = None

SEED = "cr_2003_06_01.json"
SEED_SHA256 = "f47bd8670120f2741078f1a6c45b29cf38d7e0dcd36bc7c9615f5726edab578b"


def upgrade() -> None:
    upgrade_release(revision, SEED, SEED_SHA256)


def downgrade() -> None:
    downgrade_release("2003-06-01")
