"""CR release effective 2025-07-25 (MagicCompRules-20250725.txt).

Revision ID: cr_2025_07_25
Revises: cr_2025_06_06
"""

from collections.abc import Sequence

from rulesdb_loaders.schema_0001 import load_release, unload_release

revision: str = "cr_2025_07_25"
down_revision: str | None = "cr_2025_06_06"
branch_labels: str | Sequence[str] | None = None
depends_on: str | Sequence[str] | None = None

SEED = "cr_2025_07_25.json"
SEED_SHA256 = "fe0bdc4077e7a42afd43026b4a0b628e682faf83be12714d3d4e204b7dc4c9a3"


def upgrade() -> None:
    load_release(revision, SEED, SEED_SHA256)


def downgrade() -> None:
    unload_release(revision)
