"""CR release effective 2006-02-01 (MagicCompRules-20060201.txt).

Revision ID: cr_2006_02_01
Revises: cr_2005_10_01
"""

from collections.abc import Sequence

from rulesdb_loaders.schema_0001 import load_release, unload_release

revision: str = "cr_2006_02_01"
down_revision: str | None = "cr_2005_10_01"
branch_labels: str | Sequence[str] | None = None
depends_on: str | Sequence[str] | None = None

SEED = "cr_2006_02_01.json"
SEED_SHA256 = "f07a215aa68ac1e79831365140653b1607daee0e4b521178835def27ac349a75"


def upgrade() -> None:
    load_release(revision, SEED, SEED_SHA256)


def downgrade() -> None:
    unload_release(revision)
