"""CR release effective 2001-09-24 (MagicCompRules-20010924.txt).

Revision ID: cr_2001_09_24
Revises: cr_2001_07_23
"""

from collections.abc import Sequence

from rulesdb_loaders.schema_0001 import load_release, unload_release

revision: str = "cr_2001_09_24"
down_revision: str | None = "cr_2001_07_23"
branch_labels: str | Sequence[str] | None = None
depends_on: str | Sequence[str] | None = None

SEED = "cr_2001_09_24.json"
SEED_SHA256 = "1737261df18e0b3a5f7fc7075ad6894038d8de99f7bd498e5c0d009b782ca13f"


def upgrade() -> None:
    load_release(revision, SEED, SEED_SHA256)


def downgrade() -> None:
    unload_release(revision)
