"""CR release effective 2012-06-01 (MagicCompRules-20120601.txt).

Revision ID: cr_2012_06_01
Revises: cr_2012_05_01
"""

from collections.abc import Sequence

from rulesdb_loaders.schema_0001 import load_release, unload_release

revision: str = "cr_2012_06_01"
down_revision: str | None = "cr_2012_05_01"
branch_labels: str | Sequence[str] | None = None
depends_on: str | Sequence[str] | None = None

SEED = "cr_2012_06_01.json"
SEED_SHA256 = "5b9a321f835d316143220d848909e60d59a12dee1da5c8505f6dbfaa581565aa"


def upgrade() -> None:
    load_release(revision, SEED, SEED_SHA256)


def downgrade() -> None:
    unload_release(revision)
