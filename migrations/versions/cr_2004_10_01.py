"""CR release effective 2004-10-01 (MagicCompRules-20041001.txt).

Revision ID: cr_2004_10_01
Revises: cr_2004_06_01
"""

from collections.abc import Sequence

from rulesdb_loaders.schema_0001 import load_release, unload_release

revision: str = "cr_2004_10_01"
down_revision: str | None = "cr_2004_06_01"
branch_labels: str | Sequence[str] | None = None
depends_on: str | Sequence[str] | None = None

SEED = "cr_2004_10_01.json"
SEED_SHA256 = "31e04464c9ff869cf97c0987eb1169892b81e70b73a0f26ec5b880355f79b6bd"


def upgrade() -> None:
    load_release(revision, SEED, SEED_SHA256)


def downgrade() -> None:
    unload_release(revision)
