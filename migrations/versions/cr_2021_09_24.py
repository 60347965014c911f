"""CR release effective 2021-09-24 (MagicCompRules-20210924.txt).

Revision ID: cr_2021_09_24
Revises: cr_2021_07_23
"""

from collections.abc import Sequence

from rulesdb_loaders.schema_0001 import load_release, unload_release

revision: str = "cr_2021_09_24"
down_revision: str | None = "cr_2021_07_23"
branch_labels: str | Sequence[str] | None = None
depends_on: str | Sequence[str] | None = None

SEED = "cr_2021_09_24.json"
SEED_SHA256 = "7dc6ef9d94134c2747a82dbffd3e80c1e06d74b4c9bbc133c7ceb99fdd8b8600"


def upgrade() -> None:
    load_release(revision, SEED, SEED_SHA256)


def downgrade() -> None:
    unload_release(revision)
