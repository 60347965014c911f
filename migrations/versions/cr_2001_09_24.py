"""CR release effective 2001-09-24 (MagicCompRules-20010924.txt).

Revision ID: cr_2001_09_24
Revises: cr_2001_07_23
"""

from collections.abc import Sequence

from rulesdb_loaders.schema_0001 import load_release, unload_release

revision: str = "cr_2001_09_24"
down_revision: str | None = "cr_2001_07_23"
branch_labels: str | Sequence[str] | None = None
depends_on: str | Sequence[str] | None = None

SEED = "cr_2001_09_24.json"
SEED_SHA256 = "ead1d4ea8b2dc349d83360beda82875fc786474bd68b9d753b77c05dc945a7e1"


def upgrade() -> None:
    load_release(revision, SEED, SEED_SHA256)


def downgrade() -> None:
    unload_release(revision)
