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
SEED_SHA256 = "d088154b0cab82c7bb212cbe19fd66c4b8b32b9a52ef5c0378c6ce172f3f5230"


def upgrade() -> None:
    load_release(revision, SEED, SEED_SHA256)


def downgrade() -> None:
    unload_release(revision)
