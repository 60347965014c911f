"""CR release effective 2003-10-01 (MagicCompRules-20031001.txt).

Revision ID: cr_2003_10_01
Revises: cr_2003_07_01
"""

from collections.abc import Sequence

from rulesdb_loaders.schema_0001 import load_release, unload_release

revision: str = "cr_2003_10_01"
down_revision: str | None = "cr_2003_07_01"
branch_labels: str | Sequence[str] | None = None
depends_on: str | Sequence[str] | None = None

SEED = "cr_2003_10_01.json"
SEED_SHA256 = "1865625ebe9b97f4f49f0ee2c38c9fc2c3d5b8bc3955a398582092bbc577cb4a"


def upgrade() -> None:
    load_release(revision, SEED, SEED_SHA256)


def downgrade() -> None:
    unload_release(revision)
