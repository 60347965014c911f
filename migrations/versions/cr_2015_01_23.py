"""CR release effective 2015-01-23 (MagicCompRules-20150123.txt).

Revision ID: cr_2015_01_23
Revises: cr_2014_09_25
"""

from collections.abc import Sequence

from rulesdb_loaders.schema_0001 import load_release, unload_release

revision: str = "cr_2015_01_23"
down_revision: str | None = "cr_2014_09_25"
branch_labels: str | Sequence[str] | None = None
depends_on: str | Sequence[str] | None = None

SEED = "cr_2015_01_23.json"
SEED_SHA256 = "0a2daf031cf20d9a27c1461255b8f89142a413a7808271dae3011c66039387f9"


def upgrade() -> None:
    load_release(revision, SEED, SEED_SHA256)


def downgrade() -> None:
    unload_release(revision)
