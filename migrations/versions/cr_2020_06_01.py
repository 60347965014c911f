"""CR release effective 2020-06-01 (MagicCompRules-20200601.txt).

Revision ID: cr_2020_06_01
Revises: cr_2020_04_17
"""

from collections.abc import Sequence

from rulesdb_loaders.schema_0001 import load_release, unload_release

revision: str = "cr_2020_06_01"
down_revision: str | None = "cr_2020_04_17"
branch_labels: str | Sequence[str] | None = None
depends_on: str | Sequence[str] | None = None

SEED = "cr_2020_06_01.json"
SEED_SHA256 = "cdc74fc89d2561e5be1d6152cef39a202081bf577bbd9675b1f6b1269cce5ae1"


def upgrade() -> None:
    load_release(revision, SEED, SEED_SHA256)


def downgrade() -> None:
    unload_release(revision)
