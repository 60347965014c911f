"""CR release effective 2009-09-04 (MagicCompRules-20090904.txt).

Revision ID: cr_2009_09_04
Revises: cr_2009_07_11
"""

from collections.abc import Sequence

from rulesdb_loaders.schema_0001 import load_release, unload_release

revision: str = "cr_2009_09_04"
down_revision: str | None = "cr_2009_07_11"
branch_labels: str | Sequence[str] | None = None
depends_on: str | Sequence[str] | None = None

SEED = "cr_2009_09_04.json"
SEED_SHA256 = "506f926ace0b6679170a8f62951727948497f9a8be7128507e3a4aac1edcfdfc"


def upgrade() -> None:
    load_release(revision, SEED, SEED_SHA256)


def downgrade() -> None:
    unload_release(revision)
