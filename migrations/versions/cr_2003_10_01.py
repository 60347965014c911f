"""CR release effective 2003-10-01 (MagicCompRules-20031001.txt).

Revision ID: cr_2003_10_01
Revises: cr_2003_07_01
"""

from collections.abc import Sequence

from rulesdb_loaders.schema_0001 import load_release, unload_release

revision: str = "cr_2003_10_01"
down_revision: str | None = "cr_2003_07_01"
branch_labels: str | Sequence[str] | None = None
depends_on: str | Sequence[str] | None = None

SEED = "cr_2003_10_01.json"
SEED_SHA256 = "822860fb01a6d388de2541c7a8002a208eaf5d876409b6abf9b4e883553e8e02"


def upgrade() -> None:
    load_release(revision, SEED, SEED_SHA256)


def downgrade() -> None:
    unload_release(revision)
