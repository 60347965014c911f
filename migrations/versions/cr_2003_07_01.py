"""CR release effective 2003-07-01 (MagicCompRules-20030701.txt).

Revision ID: cr_2003_07_01
Revises: cr_2003_06_01
"""

from collections.abc import Sequence

from rulesdb_loaders.schema_0001 import load_release, unload_release

revision: str = "cr_2003_07_01"
down_revision: str | None = "cr_2003_06_01"
branch_labels: str | Sequence[str] | None = None
depends_on: str | Sequence[str] | None = None

SEED = "cr_2003_07_01.json"
SEED_SHA256 = "fd356ba61f55c7eb023e275cf7228dde425ec73c3a64673809f4d08e9396e47c"


def upgrade() -> None:
    load_release(revision, SEED, SEED_SHA256)


def downgrade() -> None:
    unload_release(revision)
