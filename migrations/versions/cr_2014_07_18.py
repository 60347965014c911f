"""CR release effective 2014-07-18 (MagicCompRules-20140718.txt).

Revision ID: cr_2014_07_18
Revises: cr_2014_06_01
"""

from collections.abc import Sequence

from rulesdb_loaders.schema_0001 import load_release, unload_release

revision: str = "cr_2014_07_18"
down_revision: str | None = "cr_2014_06_01"
branch_labels: str | Sequence[str] | None = None
depends_on: str | Sequence[str] | None = None

SEED = "cr_2014_07_18.json"
SEED_SHA256 = "325420e4d95dd3ba7acb5a94212a20d1022ac4f628ba7948cdee3791eb23b5f8"


def upgrade() -> None:
    load_release(revision, SEED, SEED_SHA256)


def downgrade() -> None:
    unload_release(revision)
