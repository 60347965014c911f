"""CR release effective 2011-05-01 (MagicCompRules-20110501.txt).

Revision ID: cr_2011_05_01
Revises: cr_2011_04_01
"""

from collections.abc import Sequence

from rulesdb_loaders.schema_0001 import load_release, unload_release

revision: str = "cr_2011_05_01"
down_revision: str | None = "cr_2011_04_01"
branch_labels: str | Sequence[str] | None = None
depends_on: str | Sequence[str] | None = None

SEED = "cr_2011_05_01.json"
SEED_SHA256 = "0aec4e0bc356c691dcd177e33ea81d0c07c72d4b6c4305e60f7b6438639a157e"


def upgrade() -> None:
    load_release(revision, SEED, SEED_SHA256)


def downgrade() -> None:
    unload_release(revision)
