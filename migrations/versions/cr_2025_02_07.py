"""CR release effective 2025-02-07 (MagicCompRules-20250207.txt).

Revision ID: cr_2025_02_07
Revises: cr_2024_11_08
"""

from collections.abc import Sequence

from rulesdb_loaders.schema_0001 import load_release, unload_release

revision: str = "cr_2025_02_07"
down_revision: str | None = "cr_2024_11_08"
branch_labels: str | Sequence[str] | None = None
depends_on: str | Sequence[str] | None = None

SEED = "cr_2025_02_07.json"
SEED_SHA256 = "54fe9dc9519edfd569bee10eda99cc62ab4473462f1a36b2eac60ef419d91a05"


def upgrade() -> None:
    load_release(revision, SEED, SEED_SHA256)


def downgrade() -> None:
    unload_release(revision)
