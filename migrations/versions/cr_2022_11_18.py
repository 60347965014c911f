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
SEED_SHA256 = "6eb1b11a3f26d96a03b804ab7fa2cc47440df56bcea8ed01b280e028d23c2a5c"


def upgrade() -> None:
    load_release(revision, SEED, SEED_SHA256)


def downgrade() -> None:
    unload_release(revision)
