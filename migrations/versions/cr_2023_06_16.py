"""CR release effective 2023-06-16 (MagicCompRules-20230616.txt).

Revision ID: cr_2023_06_16
Revises: cr_2023_04_14
"""

from collections.abc import Sequence

from rulesdb_loaders.schema_0001 import load_release, unload_release

revision: str = "cr_2023_06_16"
down_revision: str | None = "cr_2023_04_14"
branch_labels: str | Sequence[str] | None = None
depends_on: str | Sequence[str] | None = None

SEED = "cr_2023_06_16.json"
SEED_SHA256 = "18307406657fe750e129f742c11a5012ac6f7fe0237671fbfebfbbfe01da576e"


def upgrade() -> None:
    load_release(revision, SEED, SEED_SHA256)


def downgrade() -> None:
    unload_release(revision)
