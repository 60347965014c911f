"""CR release effective 2006-10-01 (MagicCompRules-20061001.txt).

Revision ID: cr_2006_10_01
Revises: cr_2006_07_15
"""

from collections.abc import Sequence

from rulesdb_loaders.schema_0001 import load_release, unload_release

revision: str = "cr_2006_10_01"
down_revision: str | None = "cr_2006_07_15"
branch_labels: str | Sequence[str] | None = None
depends_on: str | Sequence[str] | None = None

SEED = "cr_2006_10_01.json"
SEED_SHA256 = "a21477c39fff8270eff0967c903bf6e4292fd23212fd8d0931acbc9a1e631ca4"


def upgrade() -> None:
    load_release(revision, SEED, SEED_SHA256)


def downgrade() -> None:
    unload_release(revision)
