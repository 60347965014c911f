"""CR release effective 2017-04-28 (MagicCompRules-20170428.txt).

Revision ID: cr_2017_04_28
Revises: cr_2017_01_20
"""

from collections.abc import Sequence

from rulesdb_loaders.schema_0001 import load_release, unload_release

revision: str = "cr_2017_04_28"
down_revision: str | None = "cr_2017_01_20"
branch_labels: str | Sequence[str] | None = None
depends_on: str | Sequence[str] | None = None

SEED = "cr_2017_04_28.json"
SEED_SHA256 = "fface35a4ef52940b49038ed4ee32e867afc551e6c27b9efd5b5d20ae23b83da"


def upgrade() -> None:
    load_release(revision, SEED, SEED_SHA256)


def downgrade() -> None:
    unload_release(revision)
