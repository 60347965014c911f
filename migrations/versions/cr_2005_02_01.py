"""CR release effective 2005-02-01 (MagicCompRules-20050201.txt).

Revision ID: cr_2005_02_01
Revises: cr_2004_10_01
"""

from collections.abc import Sequence

from rulesdb_loaders.schema_0001 import load_release, unload_release

revision: str = "cr_2005_02_01"
down_revision: str | None = "cr_2004_10_01"
branch_labels: str | Sequence[str] | None = None
depends_on: str | Sequence[str] | None = None

SEED = "cr_2005_02_01.json"
SEED_SHA256 = "e0bae45f2b05de2fb8367da0e1d5e2f187cca680c6cd19ad0451c4b8583e9403"


def upgrade() -> None:
    load_release(revision, SEED, SEED_SHA256)


def downgrade() -> None:
    unload_release(revision)
