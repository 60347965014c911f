"""CR release effective 2004-06-01 (MagicCompRules-20040601.txt).

Revision ID: cr_2004_06_01
Revises: cr_2004_02_01
"""

from collections.abc import Sequence

from rulesdb_loaders.schema_0001 import load_release, unload_release

revision: str = "cr_2004_06_01"
down_revision: str | None = "cr_2004_02_01"
branch_labels: str | Sequence[str] | None = None
depends_on: str | Sequence[str] | None = None

SEED = "cr_2004_06_01.json"
SEED_SHA256 = "3b184d44904ae466551b0608c85c1a9980fa876f28131c9a47e5e0d91603349b"


def upgrade() -> None:
    load_release(revision, SEED, SEED_SHA256)


def downgrade() -> None:
    unload_release(revision)
