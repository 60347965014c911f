"""CR release effective 2013-07-13 (MagicCompRules-20130713.txt).

Revision ID: cr_2013_07_13
Revises: cr_2013_05_01
"""

from collections.abc import Sequence

from rulesdb_loaders.schema_0001 import load_release, unload_release

revision: str = "cr_2013_07_13"
down_revision: str | None = "cr_2013_05_01"
branch_labels: str | Sequence[str] | None = None
depends_on: str | Sequence[str] | None = None

SEED = "cr_2013_07_13.json"
SEED_SHA256 = "f9963bf226fb357e0f79f898208071e83b475e711f70599e4b59eb1252deff75"


def upgrade() -> None:
    load_release(revision, SEED, SEED_SHA256)


def downgrade() -> None:
    unload_release(revision)
