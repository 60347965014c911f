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
SEED_SHA256 = "7ee56d934de3af6f65809a7501aeee7372f23fde284a797e499d1853b812c4b8"


def upgrade() -> None:
    load_release(revision, SEED, SEED_SHA256)


def downgrade() -> None:
    unload_release(revision)
