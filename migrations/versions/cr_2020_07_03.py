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
SEED_SHA256 = "cb5bd5027ff1cebd138d6a84bb451ed19da80f6157cb1669c0c2b4ee3310df59"


def upgrade() -> None:
    load_release(revision, SEED, SEED_SHA256)


def downgrade() -> None:
    unload_release(revision)
