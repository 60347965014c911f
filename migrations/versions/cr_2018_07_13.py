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
SEED_SHA256 = "3c7c42d639fbaa59077e5b967001f944a9236f3bdefa7b6d32620bef306ad61a"


def upgrade() -> None:
    load_release(revision, SEED, SEED_SHA256)


def downgrade() -> None:
    unload_release(revision)
