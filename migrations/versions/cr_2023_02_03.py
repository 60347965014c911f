"""CR release effective 2023-02-03 (MagicCompRules-20230203.txt).

Revision ID: cr_2023_02_03
Revises: cr_2022_11_18
"""

from collections.abc import Sequence

from rulesdb_loaders.schema_0001 import load_release, unload_release

revision: str = "cr_2023_02_03"
down_revision: str | None = "cr_2022_11_18"
branch_labels: str | Sequence[str] | None = None
depends_on: str | Sequence[str] | None = None

SEED = "cr_2023_02_03.json"
SEED_SHA256 = "1e2e002893a3021aec9ddce18ff9c0a1fd0c278b5040c5e971935e39581ebcf8"


def upgrade() -> None:
    load_release(revision, SEED, SEED_SHA256)


def downgrade() -> None:
    unload_release(revision)
