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
SEED_SHA256 = "73b1029f7227a1009ca9a898eb5e176f6bc049d3bf4f4537855c1fe0a0343d6d"


def upgrade() -> None:
    load_release(revision, SEED, SEED_SHA256)


def downgrade() -> None:
    unload_release(revision)
