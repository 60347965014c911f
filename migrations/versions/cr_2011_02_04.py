"""CR release effective 2011-02-04 (MagicCompRules-20110204.txt).

Revision ID: cr_2011_02_04
Revises: cr_2010_10_01
"""

from collections.abc import Sequence

from rulesdb_loaders.schema_0001 import load_release, unload_release

revision: str = "cr_2011_02_04"
down_revision: str | None = "cr_2010_10_01"
branch_labels: str | Sequence[str] | None = None
depends_on: str | Sequence[str] | None = None

SEED = "cr_2011_02_04.json"
SEED_SHA256 = "f3685e8eda4ccb5e44d2c7a5d34b003c8d9a8761f8fb4dc52d0606436552e35d"


def upgrade() -> None:
    load_release(revision, SEED, SEED_SHA256)


def downgrade() -> None:
    unload_release(revision)
