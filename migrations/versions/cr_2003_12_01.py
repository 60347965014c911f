"""CR release effective 2003-12-01 (MagicCompRules-20031201.txt).

Revision ID: cr_2003_12_01
Revises: cr_2003_10_01
"""

from collections.abc import Sequence

from rulesdb_loaders.schema_0001 import load_release, unload_release

revision: str = "cr_2003_12_01"
down_revision: str | None = "cr_2003_10_01"
branch_labels: str | Sequence[str] | None = None
depends_on: str | Sequence[str] | None = None

SEED = "cr_2003_12_01.json"
SEED_SHA256 = "21acbc55aede13dd9718cf1927022802e1e3cced3c574b62faef6ab3ba889033"


def upgrade() -> None:
    load_release(revision, SEED, SEED_SHA256)


def downgrade() -> None:
    unload_release(revision)
