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
SEED_SHA256 = "fe26412aa9d89b7e731bf8314cb113eb79c1795e7d65f4d4332011b728048d36"


def upgrade() -> None:
    load_release(revision, SEED, SEED_SHA256)


def downgrade() -> None:
    unload_release(revision)
