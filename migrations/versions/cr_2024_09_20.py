"""CR release effective 2024-09-20 (MagicCompRules-20240920.txt).

Revision ID: cr_2024_09_20
Revises: cr_2024_07_30
"""

from collections.abc import Sequence

from rulesdb_loaders.schema_0001 import load_release, unload_release

revision: str = "cr_2024_09_20"
down_revision: str | None = "cr_2024_07_30"
branch_labels: str | Sequence[str] | None = None
depends_on: str | Sequence[str] | None = None

SEED = "cr_2024_09_20.json"
SEED_SHA256 = "70c43e29494d702a52c4f8d68860229adbf4527ff8c7398bbedd093fdbf05098"


def upgrade() -> None:
    load_release(revision, SEED, SEED_SHA256)


def downgrade() -> None:
    unload_release(revision)
