"""CR release effective 2011-06-17 (MagicCompRules-20110617.txt).

Revision ID: cr_2011_06_17
Revises: cr_2011_05_01
"""

from collections.abc import Sequence

from rulesdb_loaders.schema_0001 import load_release, unload_release

revision: str = "cr_2011_06_17"
down_revision: str | None = "cr_2011_05_01"
branch_labels: str | Sequence[str] | None = None
depends_on: str | Sequence[str] | None = None

SEED = "cr_2011_06_17.json"
SEED_SHA256 = "81c8b1e449fef19e9f454bc0d97697ae293ea9aee66d228f3804779817111877"


def upgrade() -> None:
    load_release(revision, SEED, SEED_SHA256)


def downgrade() -> None:
    unload_release(revision)
