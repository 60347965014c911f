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
SEED_SHA256 = "a1f615e511a6a558b4eae1a5546c55278a5c9b0ab337a29373214e99b3f09103"


def upgrade() -> None:
    load_release(revision, SEED, SEED_SHA256)


def downgrade() -> None:
    unload_release(revision)
