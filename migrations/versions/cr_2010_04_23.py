"""CR release effective 2010-04-23 (MagicCompRules-20100423.txt).

Revision ID: cr_2010_04_23
Revises: cr_2010_02_01
"""

from collections.abc import Sequence

from rulesdb_loaders.schema_0001 import load_release, unload_release

revision: str = "cr_2010_04_23"
down_revision: str | None = "cr_2010_02_01"
branch_labels: str | Sequence[str] | None = None
depends_on: str | Sequence[str] | None = None

SEED = "cr_2010_04_23.json"
SEED_SHA256 = "7cfa76fb78beb7b8a60bfe1380976fa937969990ecb935ee689e5e8f318e4695"


def upgrade() -> None:
    load_release(revision, SEED, SEED_SHA256)


def downgrade() -> None:
    unload_release(revision)
