"""CR release effective 2014-05-01 (MagicCompRules-20140501.txt).

Revision ID: cr_2014_05_01
Revises: cr_2014_02_01
"""

from collections.abc import Sequence

from rulesdb_loaders.schema_0001 import load_release, unload_release

revision: str = "cr_2014_05_01"
down_revision: str | None = "cr_2014_02_01"
branch_labels: str | Sequence[str] | None = None
depends_on: str | Sequence[str] | None = None

SEED = "cr_2014_05_01.json"
SEED_SHA256 = "0e6739ca542d8a7fd23b6db43290e68b21a64ff514af33f4a5994027ddb4252d"


def upgrade() -> None:
    load_release(revision, SEED, SEED_SHA256)


def downgrade() -> None:
    unload_release(revision)
