"""CR release effective 2026-04-17 (MagicCompRules-20260417.txt).

Revision ID: cr_2026_04_17
Revises: cr_2026_02_27
"""

from collections.abc import Sequence

from rulesdb_loaders.schema_0001 import load_release, unload_release

revision: str = "cr_2026_04_17"
down_revision: str | None = "cr_2026_02_27"
branch_labels: str | Sequence[str] | None = None
depends_on: str | Sequence[str] | None = None

SEED = "cr_2026_04_17.json"
SEED_SHA256 = "36d94bd5a3eee82b6f6e3025f649fb0ca19a014ccb51191e6f2630a65fc838c4"


def upgrade() -> None:
    load_release(revision, SEED, SEED_SHA256)


def downgrade() -> None:
    unload_release(revision)
