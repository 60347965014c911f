"""CR release effective 2008-05-01 (MagicCompRules-20080501.txt).

Revision ID: cr_2008_05_01
Revises: cr_2008_02_01
"""

from collections.abc import Sequence

from rulesdb_loaders.schema_0001 import load_release, unload_release

revision: str = "cr_2008_05_01"
down_revision: str | None = "cr_2008_02_01"
branch_labels: str | Sequence[str] | None = None
depends_on: str | Sequence[str] | None = None

SEED = "cr_2008_05_01.json"
SEED_SHA256 = "de5939f32b1226d641d0ffe16509348e7c19e0ac9f5704d804141baf2d231c1a"


def upgrade() -> None:
    load_release(revision, SEED, SEED_SHA256)


def downgrade() -> None:
    unload_release(revision)
