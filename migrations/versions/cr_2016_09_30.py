"""CR release effective 2016-09-30 (MagicCompRules-20160930.txt).

Revision ID: cr_2016_09_30
Revises: cr_2016_08_26
"""

from collections.abc import Sequence

from rulesdb_loaders.schema_0001 import load_release, unload_release

revision: str = "cr_2016_09_30"
down_revision: str | None = "cr_2016_08_26"
branch_labels: str | Sequence[str] | None = None
depends_on: str | Sequence[str] | None = None

SEED = "cr_2016_09_30.json"
SEED_SHA256 = "7af27a2c7fcc39a0d1f63a750a61755eabd12ac6319b7b9dade58b7d0b9ef50a"


def upgrade() -> None:
    load_release(revision, SEED, SEED_SHA256)


def downgrade() -> None:
    unload_release(revision)
