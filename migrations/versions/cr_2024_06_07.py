"""CR release effective 2024-06-07 (MagicCompRules-20240607.txt).

Revision ID: cr_2024_06_07
Revises: cr_2024_04_12
"""

from collections.abc import Sequence

from rulesdb_loaders.schema_0001 import load_release, unload_release

revision: str = "cr_2024_06_07"
down_revision: str | None = "cr_2024_04_12"
branch_labels: str | Sequence[str] | None = None
depends_on: str | Sequence[str] | None = None

SEED = "cr_2024_06_07.json"
SEED_SHA256 = "2573ae9fec4a30d5186e808e7f7ae4da746fe69dd8432840492b32f2d8921bc6"


def upgrade() -> None:
    load_release(revision, SEED, SEED_SHA256)


def downgrade() -> None:
    unload_release(revision)
