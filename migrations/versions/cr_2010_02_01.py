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
SEED_SHA256 = "5f057840096c775998ad79d1ebdc5d5d60e1a59cee89eee61a6960a16743513c"


def upgrade() -> None:
    load_release(revision, SEED, SEED_SHA256)


def downgrade() -> None:
    unload_release(revision)
