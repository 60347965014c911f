"""CR release effective 2023-10-13 (MagicCompRules-20231013.txt).

Revision ID: cr_2023_10_13
Revises: cr_2023_09_01
"""

from collections.abc import Sequence

from rulesdb_loaders.schema_0001 import load_release, unload_release

revision: str = "cr_2023_10_13"
down_revision: str | None = "cr_2023_09_01"
branch_labels: str | Sequence[str] | None = None
depends_on: str | Sequence[str] | None = None

SEED = "cr_2023_10_13.json"
SEED_SHA256 = "980cc7ea659ce5e1b2d4ad632b4d5d45c0d3a8c708b828c267e8215649c0439f"


def upgrade() -> None:
    load_release(revision, SEED, SEED_SHA256)


def downgrade() -> None:
    unload_release(revision)
