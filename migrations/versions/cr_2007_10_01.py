"""CR release effective 2007-10-01 (MagicCompRules-20071001.txt).

Revision ID: cr_2007_10_01
Revises: cr_2007_09_07
"""

from collections.abc import Sequence

from rulesdb_loaders.schema_0001 import load_release, unload_release

revision: str = "cr_2007_10_01"
down_revision: str | None = "cr_2007_09_07"
branch_labels: str | Sequence[str] | None = None
depends_on: str | Sequence[str] | None = None

SEED = "cr_2007_10_01.json"
SEED_SHA256 = "6a27e215fb456f0924dc1e49cf7c27513fd4edc2e0ca883aea808459fc7d9742"


def upgrade() -> None:
    load_release(revision, SEED, SEED_SHA256)


def downgrade() -> None:
    unload_release(revision)
