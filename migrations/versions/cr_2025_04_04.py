"""CR release effective 2025-04-04 (MagicCompRules-20250404.txt).

Revision ID: cr_2025_04_04
Revises: cr_2025_02_07
"""

from collections.abc import Sequence

from rulesdb_loaders.schema_0001 import load_release, unload_release

revision: str = "cr_2025_04_04"
down_revision: str | None = "cr_2025_02_07"
branch_labels: str | Sequence[str] | None = None
depends_on: str | Sequence[str] | None = None

SEED = "cr_2025_04_04.json"
SEED_SHA256 = "1c6e00c37da9ba8d825cfd67878fd80c3694bcc88eade807e4f99ea55cc958bc"


def upgrade() -> None:
    load_release(revision, SEED, SEED_SHA256)


def downgrade() -> None:
    unload_release(revision)
