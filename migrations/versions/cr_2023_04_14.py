"""CR release effective 2023-04-14 (MagicCompRules-20230414.txt).

Revision ID: cr_2023_04_14
Revises: cr_2023_02_03
"""

from collections.abc import Sequence

from rulesdb_loaders.schema_0001 import load_release, unload_release

revision: str = "cr_2023_04_14"
down_revision: str | None = "cr_2023_02_03"
branch_labels: str | Sequence[str] | None = None
depends_on: str | Sequence[str] | None = None

SEED = "cr_2023_04_14.json"
SEED_SHA256 = "51c5fac51ac40fbf45bf929d597c39a467cc8b00ca0825f7c519bf11431b8963"


def upgrade() -> None:
    load_release(revision, SEED, SEED_SHA256)


def downgrade() -> None:
    unload_release(revision)
