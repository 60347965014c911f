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
SEED_SHA256 = "04ec8262c4d5aec5e76db6d779dd63470e8dff70844d4999c805f1ea54db61ee"


def upgrade() -> None:
    load_release(revision, SEED, SEED_SHA256)


def downgrade() -> None:
    unload_release(revision)
