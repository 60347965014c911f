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
SEED_SHA256 = "f32abc5a8220b258ac7370692dd67ccde7c3a9b177ceb5ecc0fe74b55f66f345"


def upgrade() -> None:
    load_release(revision, SEED, SEED_SHA256)


def downgrade() -> None:
    unload_release(revision)
