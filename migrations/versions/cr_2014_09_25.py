"""CR release effective 2014-09-25 (MagicCompRules-20140925.txt).

Revision ID: cr_2014_09_25
Revises: cr_2014_07_18
"""

from collections.abc import Sequence

from rulesdb_loaders.schema_0001 import load_release, unload_release

revision: str = "cr_2014_09_25"
down_revision: str | None = "cr_2014_07_18"
branch_labels: str | Sequence[str] | None = None
depends_on: str | Sequence[str] | None = None

SEED = "cr_2014_09_25.json"
SEED_SHA256 = "73a0c83ae3ca4d9fecc5e826ff2ae3a916033709b062575ac8f7598004e689ce"


def upgrade() -> None:
    load_release(revision, SEED, SEED_SHA256)


def downgrade() -> None:
    unload_release(revision)
