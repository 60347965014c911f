"""CR release effective 2024-02-02 (MagicCompRules-20240202.txt).

Revision ID: cr_2024_02_02
Revises: cr_2023_11_17
"""

from collections.abc import Sequence

from rulesdb_loaders.schema_0001 import load_release, unload_release

revision: str = "cr_2024_02_02"
down_revision: str | None = "cr_2023_11_17"
branch_labels: str | Sequence[str] | None = None
depends_on: str | Sequence[str] | None = None

SEED = "cr_2024_02_02.json"
SEED_SHA256 = "4361f2bddfa316ab90364f10b2e52f39e1d17320079ebce1b55f5e1e2335bb1c"


def upgrade() -> None:
    load_release(revision, SEED, SEED_SHA256)


def downgrade() -> None:
    unload_release(revision)
