"""CR release effective 2022-06-10 (MagicCompRules-20220610.txt).

Revision ID: cr_2022_06_10
Revises: cr_2022_04_29
"""

from collections.abc import Sequence

from rulesdb_loaders.schema_0001 import load_release, unload_release

revision: str = "cr_2022_06_10"
down_revision: str | None = "cr_2022_04_29"
branch_labels: str | Sequence[str] | None = None
depends_on: str | Sequence[str] | None = None

SEED = "cr_2022_06_10.json"
SEED_SHA256 = "3fefce359dcaa6ac6a451a7c3d3022d1e49e602960f2f29430968c71cf03d3f0"


def upgrade() -> None:
    load_release(revision, SEED, SEED_SHA256)


def downgrade() -> None:
    unload_release(revision)
