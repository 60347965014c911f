"""CR release effective 2024-09-20 (MagicCompRules-20240920.txt).

Revision ID: cr_2024_09_20
Revises: cr_2024_07_30
"""

from collections.abc import Sequence

from rulesdb_loaders.schema_0001 import load_release, unload_release

revision: str = "cr_2024_09_20"
down_revision: str | None = "cr_2024_07_30"
branch_labels: str | Sequence[str] | None = None
depends_on: str | Sequence[str] | None = None

SEED = "cr_2024_09_20.json"
SEED_SHA256 = "7458eeee6cb0be0162535c2d93fac505d5d70d7b41e74fa682002ae5dd454dc9"


def upgrade() -> None:
    load_release(revision, SEED, SEED_SHA256)


def downgrade() -> None:
    unload_release(revision)
