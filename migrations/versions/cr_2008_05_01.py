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
SEED_SHA256 = "d7ad4bd39be5a4249e647f74d769e9e9e837e75aa92aba221d6abe62718a37af"


def upgrade() -> None:
    load_release(revision, SEED, SEED_SHA256)


def downgrade() -> None:
    unload_release(revision)
