"""CR release effective 2019-07-12 (MagicCompRules-20190712.txt).

Revision ID: cr_2019_07_12
Revises: cr_2019_06_14
"""

from collections.abc import Sequence

from rulesdb_loaders.schema_0001 import load_release, unload_release

revision: str = "cr_2019_07_12"
down_revision: str | None = "cr_2019_06_14"
branch_labels: str | Sequence[str] | None = None
depends_on: str | Sequence[str] | None = None

SEED = "cr_2019_07_12.json"
SEED_SHA256 = "f08ca9bc032b89a4761040562ffd2d49e4401a7ec21132aa7d869c549c3bc730"


def upgrade() -> None:
    load_release(revision, SEED, SEED_SHA256)


def downgrade() -> None:
    unload_release(revision)
