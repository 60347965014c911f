"""CR release effective 2021-02-15 (MagicCompRules-20210215.txt).

Revision ID: cr_2021_02_15
Revises: cr_2021_02_05
"""

from collections.abc import Sequence

from rulesdb_loaders.schema_0001 import load_release, unload_release

revision: str = "cr_2021_02_15"
down_revision: str | None = "cr_2021_02_05"
branch_labels: str | Sequence[str] | None = None
depends_on: str | Sequence[str] | None = None

SEED = "cr_2021_02_15.json"
SEED_SHA256 = "1399e7e7690d7b366514de2732726fc310aecda99dd3bc1a38e376ed39410d35"


def upgrade() -> None:
    load_release(revision, SEED, SEED_SHA256)


def downgrade() -> None:
    unload_release(revision)
