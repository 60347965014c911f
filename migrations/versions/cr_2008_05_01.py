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
SEED_SHA256 = "a9f22e063bed5c5edf969fcf70307756ea8e8d044be7f7e4a2b5a12012112acb"


def upgrade() -> None:
    load_release(revision, SEED, SEED_SHA256)


def downgrade() -> None:
    unload_release(revision)
