"""CR release effective 2004-10-01 (MagicCompRules-20041001.txt).

Revision ID: cr_2004_10_01
Revises: cr_2004_06_01
"""

from collections.abc import Sequence

from rulesdb_loaders.schema_0001 import load_release, unload_release

revision: str = "cr_2004_10_01"
down_revision: str | None = "cr_2004_06_01"
branch_labels: str | Sequence[str] | None = None
depends_on: str | Sequence[str] | None = None

SEED = "cr_2004_10_01.json"
SEED_SHA256 = "8eee78b4a952baa1e87ec511f59e5c1f9bfb763f90d068eb2a781d6f3c9df5de"


def upgrade() -> None:
    load_release(revision, SEED, SEED_SHA256)


def downgrade() -> None:
    unload_release(revision)
