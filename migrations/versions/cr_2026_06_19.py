"""CR release effective 2026-06-19 (MagicCompRules-20260619.txt).

Revision ID: cr_2026_06_19
Revises: cr_2026_04_17
"""

from collections.abc import Sequence

from rulesdb_loaders.schema_0001 import load_release, unload_release

revision: str = "cr_2026_06_19"
down_revision: str | None = "cr_2026_04_17"
branch_labels: str | Sequence[str] | None = None
depends_on: str | Sequence[str] | None = None

SEED = "cr_2026_06_19.json"
SEED_SHA256 = "c85e4063d021870fd638b8ebf9ab8c2d4b6987c616e20f1e8336929821f4d268"


def upgrade() -> None:
    load_release(revision, SEED, SEED_SHA256)


def downgrade() -> None:
    unload_release(revision)
