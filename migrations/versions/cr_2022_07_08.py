"""CR release effective 2022-07-08 (MagicCompRules-20220708.txt).

Revision ID: cr_2022_07_08
Revises: cr_2022_06_10
"""

from collections.abc import Sequence

from rulesdb_loaders.schema_0001 import load_release, unload_release

revision: str = "cr_2022_07_08"
down_revision: str | None = "cr_2022_06_10"
branch_labels: str | Sequence[str] | None = None
depends_on: str | Sequence[str] | None = None

SEED = "cr_2022_07_08.json"
SEED_SHA256 = "b047141ef9688deb8b9c8c6b8c88961bf9c52dc36d57a94084e390083065a0d6"


def upgrade() -> None:
    load_release(revision, SEED, SEED_SHA256)


def downgrade() -> None:
    unload_release(revision)
