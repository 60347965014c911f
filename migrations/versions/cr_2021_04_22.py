"""CR release effective 2021-04-22 (MagicCompRules-20210422.txt).

Revision ID: cr_2021_04_22
Revises: cr_2021_02_15
"""

from collections.abc import Sequence

from rulesdb_loaders.schema_0001 import load_release, unload_release

revision: str = "cr_2021_04_22"
down_revision: str | None = "cr_2021_02_15"
branch_labels: str | Sequence[str] | None = None
depends_on: str | Sequence[str] | None = None

SEED = "cr_2021_04_22.json"
SEED_SHA256 = "8f63a40430fdf629bfe1325a2756b8a0bcbf17283f0bc4d0c3d80d97c1c01d65"


def upgrade() -> None:
    load_release(revision, SEED, SEED_SHA256)


def downgrade() -> None:
    unload_release(revision)
