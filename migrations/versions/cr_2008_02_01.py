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
SEED_SHA256 = "80f14eae24f0bdc8de68d80b8e4d54b37712c0a26f3ad86d640093303ce2945b"


def upgrade() -> None:
    load_release(revision, SEED, SEED_SHA256)


def downgrade() -> None:
    unload_release(revision)
