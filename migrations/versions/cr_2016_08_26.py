"""CR release effective 2016-08-26 (MagicCompRules-20160826.txt).

Revision ID: cr_2016_08_26
Revises: cr_2016_07_22
"""

from collections.abc import Sequence

from rulesdb_loaders.schema_0001 import load_release, unload_release

revision: str = "cr_2016_08_26"
down_revision: str | None = "cr_2016_07_22"
branch_labels: str | Sequence[str] | None = None
depends_on: str | Sequence[str] | None = None

SEED = "cr_2016_08_26.json"
SEED_SHA256 = "f23ed1fd32ffab59f16ca0d9cf1f47cfaaef5f48f56647ce50ddb718c10d402a"


def upgrade() -> None:
    load_release(revision, SEED, SEED_SHA256)


def downgrade() -> None:
    unload_release(revision)
