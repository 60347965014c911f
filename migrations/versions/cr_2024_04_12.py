"""CR release effective 2024-04-12 (MagicCompRules-20240412.txt).

Revision ID: cr_2024_04_12
Revises: cr_2024_03_08
"""

from collections.abc import Sequence

from rulesdb_loaders.schema_0001 import load_release, unload_release

revision: str = "cr_2024_04_12"
down_revision: str | None = "cr_2024_03_08"
branch_labels: str | Sequence[str] | None = None
depends_on: str | Sequence[str] | None = None

SEED = "cr_2024_04_12.json"
SEED_SHA256 = "9e0f2ed3cb52ea2b61088eb2f2de26984283e31c92a41b1cf04b151d215c45a0"


def upgrade() -> None:
    load_release(revision, SEED, SEED_SHA256)


def downgrade() -> None:
    unload_release(revision)
