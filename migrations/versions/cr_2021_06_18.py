"""CR release effective 2021-06-18 (MagicCompRules-20210618.txt).

Revision ID: cr_2021_06_18
Revises: cr_2021_04_22
"""

from collections.abc import Sequence

from rulesdb_loaders.schema_0001 import load_release, unload_release

revision: str = "cr_2021_06_18"
down_revision: str | None = "cr_2021_04_22"
branch_labels: str | Sequence[str] | None = None
depends_on: str | Sequence[str] | None = None

SEED = "cr_2021_06_18.json"
SEED_SHA256 = "3a3eaefb6f53f1c7a3a08c08aa801add19b5a0ed506e3d0bee7b910976c05ce0"


def upgrade() -> None:
    load_release(revision, SEED, SEED_SHA256)


def downgrade() -> None:
    unload_release(revision)
