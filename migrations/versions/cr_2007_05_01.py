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
SEED_SHA256 = "9f47fbdcb75943ed167b9b0d405750e3c37afb9d572f8add8737ca286bb68eae"


def upgrade() -> None:
    load_release(revision, SEED, SEED_SHA256)


def downgrade() -> None:
    unload_release(revision)
