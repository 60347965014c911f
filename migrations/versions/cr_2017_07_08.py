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
SEED_SHA256 = "708a4fb5869634139fd4ea4f6b18e1b17ed7d1ae9a12f5013fcb582459a9e4db"


def upgrade() -> None:
    load_release(revision, SEED, SEED_SHA256)


def downgrade() -> None:
    unload_release(revision)
