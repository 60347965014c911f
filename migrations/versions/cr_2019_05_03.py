"""CR release effective 2019-05-03 (MagicCompRules-20190503.txt).

Revision ID: cr_2019_05_03
Revises: cr_2019_01_25
"""

from collections.abc import Sequence

from rulesdb_loaders.schema_0001 import load_release, unload_release

revision: str = "cr_2019_05_03"
down_revision: str | None = "cr_2019_01_25"
branch_labels: str | Sequence[str] | None = None
depends_on: str | Sequence[str] | None = None

SEED = "cr_2019_05_03.json"
SEED_SHA256 = "9d625d5e7f6ee5b0b74fddca5165865636e0ef3994773ef7f02eb50ca813941f"


def upgrade() -> None:
    load_release(revision, SEED, SEED_SHA256)


def downgrade() -> None:
    unload_release(revision)
