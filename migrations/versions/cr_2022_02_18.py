"""CR release effective 2022-02-18 (MagicCompRules-20220218.txt).

Revision ID: cr_2022_02_18
Revises: cr_2021_11_19
"""

from collections.abc import Sequence

from rulesdb_loaders.schema_0001 import load_release, unload_release

revision: str = "cr_2022_02_18"
down_revision: str | None = "cr_2021_11_19"
branch_labels: str | Sequence[str] | None = None
depends_on: str | Sequence[str] | None = None

SEED = "cr_2022_02_18.json"
SEED_SHA256 = "6b61ac28e909ab3243ebb931ec205d9098beb3569c563d60af8df082ed99de7e"


def upgrade() -> None:
    load_release(revision, SEED, SEED_SHA256)


def downgrade() -> None:
    unload_release(revision)
