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
SEED_SHA256 = "20fce4ca042249d423867e32c22b7a67da362d7e486129939303b3bda040d171"


def upgrade() -> None:
    load_release(revision, SEED, SEED_SHA256)


def downgrade() -> None:
    unload_release(revision)
