"""CR release effective 2025-09-19 (MagicCompRules-20250919.txt).

Revision ID: cr_2025_09_19
Revises: cr_2025_07_25
"""

from collections.abc import Sequence

from rulesdb_loaders.schema_0001 import load_release, unload_release

revision: str = "cr_2025_09_19"
down_revision: str | None = "cr_2025_07_25"
branch_labels: str | Sequence[str] | None = None
depends_on: str | Sequence[str] | None = None

SEED = "cr_2025_09_19.json"
SEED_SHA256 = "3f8c9be387a6f8d1c40f2e30cdba95e4de8f8c50e1097c900596c2a3fd9121bb"


def upgrade() -> None:
    load_release(revision, SEED, SEED_SHA256)


def downgrade() -> None:
    unload_release(revision)
