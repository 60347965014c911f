"""CR release effective 2007-05-01 (MagicCompRules-20070501.txt).

Revision ID: cr_2007_05_01
Revises: cr_2007_02_01
"""

from collections.abc import Sequence

from rulesdb_loaders.schema_0001 import load_release, unload_release

revision: str = "cr_2007_05_01"
down_revision: str | None = "cr_2007_02_01"
branch_labels: str | Sequence[str] | None = None
depends_on: str | Sequence[str] | None = None

SEED = "cr_2007_05_01.json"
SEED_SHA256 = "25d250d027334f24a3c90e32ee8b8d2aeb4b5b0e21118d8983d5f1afff6d6b58"


def upgrade() -> None:
    load_release(revision, SEED, SEED_SHA256)


def downgrade() -> None:
    unload_release(revision)
