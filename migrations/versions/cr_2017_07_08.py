"""CR release effective 2017-07-08 (MagicCompRules-20170708.txt).

Revision ID: cr_2017_07_08
Revises: cr_2017_06_05
"""

from collections.abc import Sequence

from rulesdb_loaders.schema_0001 import load_release, unload_release

revision: str = "cr_2017_07_08"
down_revision: str | None = "cr_2017_06_05"
branch_labels: str | Sequence[str] | None = None
depends_on: str | Sequence[str] | None = None

SEED = "cr_2017_07_08.json"
SEED_SHA256 = "183a922d0634b1adb907a19ae6760e1cc268bdeb1a1fceb4ab2c6870e24b4463"


def upgrade() -> None:
    load_release(revision, SEED, SEED_SHA256)


def downgrade() -> None:
    unload_release(revision)
