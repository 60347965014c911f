"""CR release effective 2022-04-29 (MagicCompRules-20220429.txt).

Revision ID: cr_2022_04_29
Revises: cr_2022_02_18
"""

from collections.abc import Sequence

from rulesdb_loaders.schema_0001 import load_release, unload_release

revision: str = "cr_2022_04_29"
down_revision: str | None = "cr_2022_02_18"
branch_labels: str | Sequence[str] | None = None
depends_on: str | Sequence[str] | None = None

SEED = "cr_2022_04_29.json"
SEED_SHA256 = "636f5ef46c6ad1e768fab8b19f2faf2842e63cddf4d5b4464423f6aabc552a36"


def upgrade() -> None:
    load_release(revision, SEED, SEED_SHA256)


def downgrade() -> None:
    unload_release(revision)
