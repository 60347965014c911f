"""CR release effective 2009-02-01 (MagicCompRules-20090201.txt).

Revision ID: cr_2009_02_01
Revises: cr_2008_10_01
"""

from collections.abc import Sequence

from rulesdb_loaders.schema_0001 import load_release, unload_release

revision: str = "cr_2009_02_01"
down_revision: str | None = "cr_2008_10_01"
branch_labels: str | Sequence[str] | None = None
depends_on: str | Sequence[str] | None = None

SEED = "cr_2009_02_01.json"
SEED_SHA256 = "9fcfa6b9e661eb558b67112562253e78da90ad179bc306114e2123e1b20a5fca"


def upgrade() -> None:
    load_release(revision, SEED, SEED_SHA256)


def downgrade() -> None:
    unload_release(revision)
