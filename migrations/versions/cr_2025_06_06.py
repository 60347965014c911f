"""CR release effective 2025-06-06 (MagicCompRules-20250606.txt).

Revision ID: cr_2025_06_06
Revises: cr_2025_04_04
"""

from collections.abc import Sequence

from rulesdb_loaders.schema_0001 import load_release, unload_release

revision: str = "cr_2025_06_06"
down_revision: str | None = "cr_2025_04_04"
branch_labels: str | Sequence[str] | None = None
depends_on: str | Sequence[str] | None = None

SEED = "cr_2025_06_06.json"
SEED_SHA256 = "8d7be368e412b4d6bb40e937cde35feb550142acae1bd76cfb4e2b23201219ac"


def upgrade() -> None:
    load_release(revision, SEED, SEED_SHA256)


def downgrade() -> None:
    unload_release(revision)
