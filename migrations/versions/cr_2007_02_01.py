"""CR release effective 2007-02-01 (MagicCompRules-20070201.txt).

Revision ID: cr_2007_02_01
Revises: cr_2006_10_01
"""

from collections.abc import Sequence

from rulesdb_loaders.schema_0001 import load_release, unload_release

revision: str = "cr_2007_02_01"
down_revision: str | None = "cr_2006_10_01"
branch_labels: str | Sequence[str] | None = None
depends_on: str | Sequence[str] | None = None

SEED = "cr_2007_02_01.json"
SEED_SHA256 = "57aa8ca43dcbd1d5f7ec08ea907df84c9496f4b82d2e24100a2cb3767daf41d0"


def upgrade() -> None:
    load_release(revision, SEED, SEED_SHA256)


def downgrade() -> None:
    unload_release(revision)
