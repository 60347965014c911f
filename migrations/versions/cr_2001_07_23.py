"""CR release effective 2001-07-23 (MagicCompRules-20010723.txt).

Revision ID: cr_2001_07_23
Revises: cr_1999_11_01
"""

from collections.abc import Sequence

from rulesdb_loaders.schema_0001 import load_release, unload_release

revision: str = "cr_2001_07_23"
down_revision: str | None = "cr_1999_11_01"
branch_labels: str | Sequence[str] | None = None
depends_on: str | Sequence[str] | None = None

SEED = "cr_2001_07_23.json"
SEED_SHA256 = "76243057f9982129262e3cb093d0905b4cea514ee58d16fefc426c77d6305f9c"


def upgrade() -> None:
    load_release(revision, SEED, SEED_SHA256)


def downgrade() -> None:
    unload_release(revision)
