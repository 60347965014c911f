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
SEED_SHA256 = "563e2e1b80f88ea7a91b0d1230bd688f594a2c39b6773628226c217b1f9d80a8"


def upgrade() -> None:
    load_release(revision, SEED, SEED_SHA256)


def downgrade() -> None:
    unload_release(revision)
