"""CR release effective 2023-09-01 (MagicCompRules-20230901.txt).

Revision ID: cr_2023_09_01
Revises: cr_2023_06_16
"""

from collections.abc import Sequence

from rulesdb_loaders.schema_0001 import load_release, unload_release

revision: str = "cr_2023_09_01"
down_revision: str | None = "cr_2023_06_16"
branch_labels: str | Sequence[str] | None = None
depends_on: str | Sequence[str] | None = None

SEED = "cr_2023_09_01.json"
SEED_SHA256 = "993d0a3c264f4ab6913146fba16af23b37721880869c97410d88ac0993468dba"


def upgrade() -> None:
    load_release(revision, SEED, SEED_SHA256)


def downgrade() -> None:
    unload_release(revision)
