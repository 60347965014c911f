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
SEED_SHA256 = "a6a0a26d8d71570be9a4cc518050ce71ce12e81e88dcb405df511c6f98e4240a"


def upgrade() -> None:
    load_release(revision, SEED, SEED_SHA256)


def downgrade() -> None:
    unload_release(revision)
