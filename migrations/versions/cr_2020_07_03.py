"""CR release effective 2020-07-03 (MagicCompRules-20200703.txt).

Revision ID: cr_2020_07_03
Revises: cr_2020_06_01
"""

from collections.abc import Sequence

from rulesdb_loaders.schema_0001 import load_release, unload_release

revision: str = "cr_2020_07_03"
down_revision: str | None = "cr_2020_06_01"
branch_labels: str | Sequence[str] | None = None
depends_on: str | Sequence[str] | None = None

SEED = "cr_2020_07_03.json"
SEED_SHA256 = "4047f5e55c79d0c70d50a3006e5339f9c25d36f72fc34ac242c25b2aac155962"


def upgrade() -> None:
    load_release(revision, SEED, SEED_SHA256)


def downgrade() -> None:
    unload_release(revision)
