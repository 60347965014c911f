"""CR release effective 2023-10-13 (MagicCompRules-20231013.txt).

Revision ID: cr_2023_10_13
Revises: cr_2023_09_01
"""

from collections.abc import Sequence

from rulesdb_loaders.schema_0001 import load_release, unload_release

revision: str = "cr_2023_10_13"
down_revision: str | None = "cr_2023_09_01"
branch_labels: str | Sequence[str] | None = None
depends_on: str | Sequence[str] | None = None

SEED = "cr_2023_10_13.json"
SEED_SHA256 = "b5a34ff50828ba253b38e809065b5b5bc465b1f1f52842b22be3fc3a15926e2c"


def upgrade() -> None:
    load_release(revision, SEED, SEED_SHA256)


def downgrade() -> None:
    unload_release(revision)
