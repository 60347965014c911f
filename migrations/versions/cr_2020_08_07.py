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
SEED_SHA256 = "100d5134ed0015dac3a986c5bdb30317184c0ffaa3588fc216b3cac16a7e3e96"


def upgrade() -> None:
    load_release(revision, SEED, SEED_SHA256)


def downgrade() -> None:
    unload_release(revision)
