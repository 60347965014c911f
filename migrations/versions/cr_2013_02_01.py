"""CR release effective 2013-02-01 (MagicCompRules-20130201.docx).

Revision ID: cr_2013_02_01
Revises: cr_2012_10_01
"""

from collections.abc import Sequence

from rulesdb_loaders.schema_0001 import load_release, unload_release

revision: str = "cr_2013_02_01"
down_revision: str | None = "cr_2012_10_01"
branch_labels: str | Sequence[str] | None = None
depends_on: str | Sequence[str] | None = None

SEED = "cr_2013_02_01.json"
SEED_SHA256 = "a03c24bdc767b0397f00dc69a7263ea1db4e5fd02f7b1c3ac2a16bc6fdc64199"


def upgrade() -> None:
    load_release(revision, SEED, SEED_SHA256)


def downgrade() -> None:
    unload_release(revision)
