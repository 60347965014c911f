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
SEED_SHA256 = "c0ae264adedbf4ba0a5562033a3c8aee40c510b9da0e20034228b8e64cf3a554"


def upgrade() -> None:
    load_release(revision, SEED, SEED_SHA256)


def downgrade() -> None:
    unload_release(revision)
