"""CR release effective 2012-02-01 (MagicCompRules-20120201.txt).

Revision ID: cr_2012_02_01
Revises: cr_2011_09_30
"""

from collections.abc import Sequence

from rulesdb_loaders.schema_0001 import load_release, unload_release

revision: str = "cr_2012_02_01"
down_revision: str | None = "cr_2011_09_30"
branch_labels: str | Sequence[str] | None = None
depends_on: str | Sequence[str] | None = None

SEED = "cr_2012_02_01.json"
SEED_SHA256 = "6b893cc833ec270dd597b595f9123e4d9ef32b60f43365a8401cb79ab2395664"


def upgrade() -> None:
    load_release(revision, SEED, SEED_SHA256)


def downgrade() -> None:
    unload_release(revision)
