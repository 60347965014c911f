"""CR release effective 2010-07-16 (MagicCompRules-20100716.txt).

Revision ID: cr_2010_07_16
Revises: cr_2010_06_18
"""

from collections.abc import Sequence

from rulesdb_loaders.schema_0001 import load_release, unload_release

revision: str = "cr_2010_07_16"
down_revision: str | None = "cr_2010_06_18"
branch_labels: str | Sequence[str] | None = None
depends_on: str | Sequence[str] | None = None

SEED = "cr_2010_07_16.json"
SEED_SHA256 = "1e2142b771e2b78eec887159126085a3930bff85f3c452bc85651f7f7e8a3c44"


def upgrade() -> None:
    load_release(revision, SEED, SEED_SHA256)


def downgrade() -> None:
    unload_release(revision)
