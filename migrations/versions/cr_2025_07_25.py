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
SEED_SHA256 = "b583cc2a38a89cd382ef581893b0f4adc64f1f1988f0f650c989e6ed95e36354"


def upgrade() -> None:
    load_release(revision, SEED, SEED_SHA256)


def downgrade() -> None:
    unload_release(revision)
