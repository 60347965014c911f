"""CR release effective 2018-10-05 (MagicCompRules-20181005.txt).

Revision ID: cr_2018_10_05
Revises: cr_2018_08_10
"""

from collections.abc import Sequence

from rulesdb_loaders.schema_0001 import load_release, unload_release

revision: str = "cr_2018_10_05"
down_revision: str | None = "cr_2018_08_10"
branch_labels: str | Sequence[str] | None = None
depends_on: str | Sequence[str] | None = None

SEED = "cr_2018_10_05.json"
SEED_SHA256 = "94ce00d2e648fdca240b319f4d48876dc7617a9f3ede47faea3ea11c490b2d3c"


def upgrade() -> None:
    load_release(revision, SEED, SEED_SHA256)


def downgrade() -> None:
    unload_release(revision)
