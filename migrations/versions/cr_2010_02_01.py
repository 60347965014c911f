"""CR release effective 2010-02-01 (MagicCompRules-20100201.txt).

Revision ID: cr_2010_02_01
Revises: cr_2009_10_01
"""

from collections.abc import Sequence

from rulesdb_loaders.schema_0001 import load_release, unload_release

revision: str = "cr_2010_02_01"
down_revision: str | None = "cr_2009_10_01"
branch_labels: str | Sequence[str] | None = None
depends_on: str | Sequence[str] | None = None

SEED = "cr_2010_02_01.json"
SEED_SHA256 = "e7c66c23a9b81f0718a475763d609d5806cf78b8064af6401f3fe89206dd005d"


def upgrade() -> None:
    load_release(revision, SEED, SEED_SHA256)


def downgrade() -> None:
    unload_release(revision)
