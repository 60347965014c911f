"""CR release effective 2003-12-01 (MagicCompRules-20031201.txt).

Revision ID: cr_2003_12_01
Revises: cr_2003_10_01
"""

from collections.abc import Sequence

from rulesdb_loaders.schema_0001 import load_release, unload_release

revision: str = "cr_2003_12_01"
down_revision: str | None = "cr_2003_10_01"
branch_labels: str | Sequence[str] | None = None
depends_on: str | Sequence[str] | None = None

SEED = "cr_2003_12_01.json"
SEED_SHA256 = "f68e8b8fd4e8a357ee6c0c1fd4d640a2ceb29c29a9fd7c9ca308d4f75907a3d1"


def upgrade() -> None:
    load_release(revision, SEED, SEED_SHA256)


def downgrade() -> None:
    unload_release(revision)
