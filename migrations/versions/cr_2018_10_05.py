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
SEED_SHA256 = "b825b73a5d58b52608e41de67a92ff83014058fce88b2a1193d670d43b50000f"


def upgrade() -> None:
    load_release(revision, SEED, SEED_SHA256)


def downgrade() -> None:
    unload_release(revision)
