"""CR release effective 2005-10-01 (MagicCompRules-20051001.txt).

Revision ID: cr_2005_10_01
Revises: cr_2005_08_01
"""

from collections.abc import Sequence

from rulesdb_loaders.schema_0001 import load_release, unload_release

revision: str = "cr_2005_10_01"
down_revision: str | None = "cr_2005_08_01"
branch_labels: str | Sequence[str] | None = None
depends_on: str | Sequence[str] | None = None

SEED = "cr_2005_10_01.json"
SEED_SHA256 = "d18b55c477aa28949cf7e17c2c0708326f193edea138e69974994ff27d54f633"


def upgrade() -> None:
    load_release(revision, SEED, SEED_SHA256)


def downgrade() -> None:
    unload_release(revision)
