"""CR release effective 2016-07-22 (MagicCompRules-20160722.txt).

Revision ID: cr_2016_07_22
Revises: cr_2016_04_08
"""

from collections.abc import Sequence

from rulesdb_loaders.schema_0001 import load_release, unload_release

revision: str = "cr_2016_07_22"
down_revision: str | None = "cr_2016_04_08"
branch_labels: str | Sequence[str] | None = None
depends_on: str | Sequence[str] | None = None

SEED = "cr_2016_07_22.json"
SEED_SHA256 = "308af927afc2b2eded5ef6a590e0a8040d8af45bee590e81dbc28c9753a63dbe"


def upgrade() -> None:
    load_release(revision, SEED, SEED_SHA256)


def downgrade() -> None:
    unload_release(revision)
