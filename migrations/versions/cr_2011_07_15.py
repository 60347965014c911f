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
SEED_SHA256 = "15f480097e280e70632fbfa8da17a85fd02de07c7b6b62a0929bd695ada9b308"


def upgrade() -> None:
    load_release(revision, SEED, SEED_SHA256)


def downgrade() -> None:
    unload_release(revision)
