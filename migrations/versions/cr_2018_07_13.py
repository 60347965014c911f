"""CR release effective 2018-07-13 (MagicCompRules-20180713.txt).

Revision ID: cr_2018_07_13
Revises: cr_2018_06_08
"""

from collections.abc import Sequence

from rulesdb_loaders.schema_0001 import load_release, unload_release

revision: str = "cr_2018_07_13"
down_revision: str | None = "cr_2018_06_08"
branch_labels: str | Sequence[str] | None = None
depends_on: str | Sequence[str] | None = None

SEED = "cr_2018_07_13.json"
SEED_SHA256 = "0077de6c86bbbb6922ad99f1f9ceb30ae4dff3f75ea8c167447f4d6bb752a6f4"


def upgrade() -> None:
    load_release(revision, SEED, SEED_SHA256)


def downgrade() -> None:
    unload_release(revision)
