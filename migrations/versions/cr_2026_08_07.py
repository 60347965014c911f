"""CR release effective 2026-08-07 (MagicCompRules-20260807.txt).

Revision ID: cr_2026_08_07
Revises: cr_2026_06_19
"""

from collections.abc import Sequence

from rulesdb_loaders.schema_0001 import load_release, unload_release

revision: str = "cr_2026_08_07"
down_revision: str | None = "cr_2026_06_19"
branch_labels: str | Sequence[str] | None = None
depends_on: str | Sequence[str] | None = None

SEED = "cr_2026_08_07.json"
SEED_SHA256 = "75a1b66590704e21a5ce4dc44e8be9031e9012311ed2f90c79d35bfafa03b7e3"


def upgrade() -> None:
    load_release(revision, SEED, SEED_SHA256)


def downgrade() -> None:
    unload_release(revision)
