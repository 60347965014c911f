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
SEED_SHA256 = "9a12c798771fa0f50ee98fa0a43d49ee82d73b147d73c938841b1351d1ede083"


def upgrade() -> None:
    load_release(revision, SEED, SEED_SHA256)


def downgrade() -> None:
    unload_release(revision)
