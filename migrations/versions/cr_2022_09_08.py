"""CR release effective 2022-09-08 (MagicCompRules-20220908.txt).

Revision ID: cr_2022_09_08
Revises: cr_2022_07_08
"""

from collections.abc import Sequence

from rulesdb_loaders.schema_0001 import load_release, unload_release

revision: str = "cr_2022_09_08"
down_revision: str | None = "cr_2022_07_08"
branch_labels: str | Sequence[str] | None = None
depends_on: str | Sequence[str] | None = None

SEED = "cr_2022_09_08.json"
SEED_SHA256 = "d77d23fc4a19474fe9c9056c8293623e872cdacd49b616a3779713025445a7a0"


def upgrade() -> None:
    load_release(revision, SEED, SEED_SHA256)


def downgrade() -> None:
    unload_release(revision)
