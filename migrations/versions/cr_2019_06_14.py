"""CR release effective 2019-06-14 (MagicCompRules-20190614.txt).

Revision ID: cr_2019_06_14
Revises: cr_2019_05_03
"""

from collections.abc import Sequence

from rulesdb_loaders.schema_0001 import load_release, unload_release

revision: str = "cr_2019_06_14"
down_revision: str | None = "cr_2019_05_03"
branch_labels: str | Sequence[str] | None = None
depends_on: str | Sequence[str] | None = None

SEED = "cr_2019_06_14.json"
SEED_SHA256 = "1412efa4d2e1a0dd212f1c296bd016135cec978a453767c05b336bab191dfcec"


def upgrade() -> None:
    load_release(revision, SEED, SEED_SHA256)


def downgrade() -> None:
    unload_release(revision)
