"""CR release effective 2020-08-07 (MagicCompRules-20200807.txt).

Revision ID: cr_2020_08_07
Revises: cr_2020_07_03
"""

from collections.abc import Sequence

from rulesdb_loaders.schema_0001 import load_release, unload_release

revision: str = "cr_2020_08_07"
down_revision: str | None = "cr_2020_07_03"
branch_labels: str | Sequence[str] | None = None
depends_on: str | Sequence[str] | None = None

SEED = "cr_2020_08_07.json"
SEED_SHA256 = "15e625e970dbc5b928dd32168fd82ab85b40edc4eb42f5b92b8233c17ef085d7"


def upgrade() -> None:
    load_release(revision, SEED, SEED_SHA256)


def downgrade() -> None:
    unload_release(revision)
