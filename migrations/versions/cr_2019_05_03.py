"""CR release effective 2019-05-03 (MagicCompRules-20190503.txt).

Revision ID: cr_2019_05_03
Revises: cr_2019_01_25
"""

from collections.abc import Sequence

from rulesdb_loaders.release_v1 import downgrade_release, upgrade_release

revision: str = "cr_2019_05_03"
down_revision: str | None = "cr_2019_01_25"
branch_labels: str | Sequence[str] | None = None
depends_on: str | Sequence[str] | None = None

SEED = "cr_2019_05_03.json"
SEED_SHA256 = "c4f8913e3de78f6a2b147e169ac437b156d4c48d4b349e2e41731c198eb55cf0"


def upgrade() -> None:
    upgrade_release(revision, SEED, SEED_SHA256)


def downgrade() -> None:
    downgrade_release("2019-05-03")
