"""CR release effective 2022-11-18 (MagicCompRules-20221118.txt).

Revision ID: cr_2022_11_18
Revises: cr_2022_10_07
"""

from collections.abc import Sequence

from rulesdb_loaders.schema_0001 import load_release, unload_release

revision: str = "cr_2022_11_18"
down_revision: str | None = "cr_2022_10_07"
branch_labels: str | Sequence[str] | None = None
depends_on: str | Sequence[str] | None = None

SEED = "cr_2022_11_18.json"
SEED_SHA256 = "d4eeff5b2a3547854769ff24b11a61c3ead262acf72f7c61e5cfd821a6718401"


def upgrade() -> None:
    load_release(revision, SEED, SEED_SHA256)


def downgrade() -> None:
    unload_release(revision)
