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
SEED_SHA256 = "77e4fe1662f2c8a882303e91ed3e54db3997b8931ae6f4e7e9c8283545f7ed1c"


def upgrade() -> None:
    load_release(revision, SEED, SEED_SHA256)


def downgrade() -> None:
    unload_release(revision)
