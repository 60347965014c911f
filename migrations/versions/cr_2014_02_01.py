"""CR release effective 2014-02-01 (MagicCompRules-20140201.txt).

Revision ID: cr_2014_02_01
Revises: cr_2013_11_01
"""

from collections.abc import Sequence

from rulesdb_loaders.schema_0001 import load_release, unload_release

revision: str = "cr_2014_02_01"
down_revision: str | None = "cr_2013_11_01"
branch_labels: str | Sequence[str] | None = None
depends_on: str | Sequence[str] | None = None

SEED = "cr_2014_02_01.json"
SEED_SHA256 = "ff5d5ac6f86e420877b7d92d87204b30decd0c4c6317aece40923f6b232061db"


def upgrade() -> None:
    load_release(revision, SEED, SEED_SHA256)


def downgrade() -> None:
    unload_release(revision)
