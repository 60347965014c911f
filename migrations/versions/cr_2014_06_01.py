"""CR release effective 2014-06-01 (MagicCompRules-20140601.txt).

Revision ID: cr_2014_06_01
Revises: cr_2014_05_01
"""

from collections.abc import Sequence

from rulesdb_loaders.schema_0001 import load_release, unload_release

revision: str = "cr_2014_06_01"
down_revision: str | None = "cr_2014_05_01"
branch_labels: str | Sequence[str] | None = None
depends_on: str | Sequence[str] | None = None

SEED = "cr_2014_06_01.json"
SEED_SHA256 = "81dafc3a7e8dbf10b34da50d251a948a7bf4d634cce76975e6a1f7cc4005f564"


def upgrade() -> None:
    load_release(revision, SEED, SEED_SHA256)


def downgrade() -> None:
    unload_release(revision)
