"""CR release effective 2012-05-01 (MagicCompRules-20120501.txt).

Revision ID: cr_2012_05_01
Revises: cr_2012_02_01
"""

from collections.abc import Sequence

from rulesdb_loaders.schema_0001 import load_release, unload_release

revision: str = "cr_2012_05_01"
down_revision: str | None = "cr_2012_02_01"
branch_labels: str | Sequence[str] | None = None
depends_on: str | Sequence[str] | None = None

SEED = "cr_2012_05_01.json"
SEED_SHA256 = "68bf47cceda3c27183be50715f4b70de40b7afdab14118ac1402db7d96547a44"


def upgrade() -> None:
    load_release(revision, SEED, SEED_SHA256)


def downgrade() -> None:
    unload_release(revision)
