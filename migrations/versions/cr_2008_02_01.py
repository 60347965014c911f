"""CR release effective 2008-02-01 (MagicCompRules-20080201.txt).

Revision ID: cr_2008_02_01
Revises: cr_2007_10_01
"""

from collections.abc import Sequence

from rulesdb_loaders.schema_0001 import load_release, unload_release

revision: str = "cr_2008_02_01"
down_revision: str | None = "cr_2007_10_01"
branch_labels: str | Sequence[str] | None = None
depends_on: str | Sequence[str] | None = None

SEED = "cr_2008_02_01.json"
SEED_SHA256 = "6e49a055e102f4faaaa0f54623cb26ad359116490785f182745fc8be9dd9616f"


def upgrade() -> None:
    load_release(revision, SEED, SEED_SHA256)


def downgrade() -> None:
    unload_release(revision)
