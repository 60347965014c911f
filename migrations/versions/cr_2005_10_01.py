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
SEED_SHA256 = "e9530fc0d778f1c07f50b38fa9a22c0402c26513e520c7ee41c95ef2135501bd"


def upgrade() -> None:
    load_release(revision, SEED, SEED_SHA256)


def downgrade() -> None:
    unload_release(revision)
