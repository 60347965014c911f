"""CR release effective 2023-06-16 (MagicCompRules-20230616.txt).

Revision ID: cr_2023_06_16
Revises: cr_2023_04_14
"""

from collections.abc import Sequence

from rulesdb_loaders.schema_0001 import load_release, unload_release

revision: str = "cr_2023_06_16"
down_revision: str | None = "cr_2023_04_14"
branch_labels: str | Sequence[str] | None = None
depends_on: str | Sequence[str] | None = None

SEED = "cr_2023_06_16.json"
SEED_SHA256 = "5e9455e9d8fa7a1c5e7a63369e85b467abf6fdf832c50f1247e836284380b021"


def upgrade() -> None:
    load_release(revision, SEED, SEED_SHA256)


def downgrade() -> None:
    unload_release(revision)
