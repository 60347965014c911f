"""CR release effective 2016-11-11 (MagicCompRules-20161111.txt).

Revision ID: cr_2016_11_11
Revises: cr_2016_09_30
"""

from collections.abc import Sequence

from rulesdb_loaders.schema_0001 import load_release, unload_release

revision: str = "cr_2016_11_11"
down_revision: str | None = "cr_2016_09_30"
branch_labels: str | Sequence[str] | None = None
depends_on: str | Sequence[str] | None = None

SEED = "cr_2016_11_11.json"
SEED_SHA256 = "98706072605f65bc70bdedd5d6c881f9f240d9a3ecedb5855fbebecdf7d542d0"


def upgrade() -> None:
    load_release(revision, SEED, SEED_SHA256)


def downgrade() -> None:
    unload_release(revision)
