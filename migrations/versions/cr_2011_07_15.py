"""CR release effective 2011-07-15 (MagicCompRules-20110715.txt).

Revision ID: cr_2011_07_15
Revises: cr_2011_06_17
"""

from collections.abc import Sequence

from rulesdb_loaders.schema_0001 import load_release, unload_release

revision: str = "cr_2011_07_15"
down_revision: str | None = "cr_2011_06_17"
branch_labels: str | Sequence[str] | None = None
depends_on: str | Sequence[str] | None = None

SEED = "cr_2011_07_15.json"
SEED_SHA256 = "7b9354f5956ae2f1ab22a36b37137bd3538874769e83c4c737f788ca06bc708d"


def upgrade() -> None:
    load_release(revision, SEED, SEED_SHA256)


def downgrade() -> None:
    unload_release(revision)
