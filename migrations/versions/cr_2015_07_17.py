"""CR release effective 2015-07-17 (MagicCompRules-20150717.txt).

Revision ID: cr_2015_07_17
Revises: cr_2015_03_27
"""

from collections.abc import Sequence

from rulesdb_loaders.schema_0001 import load_release, unload_release

revision: str = "cr_2015_07_17"
down_revision: str | None = "cr_2015_03_27"
branch_labels: str | Sequence[str] | None = None
depends_on: str | Sequence[str] | None = None

SEED = "cr_2015_07_17.json"
SEED_SHA256 = "90695cce8f4d45a3c76a482ad7bdeec934358d68a159a06c89fafb6ad0e7385c"


def upgrade() -> None:
    load_release(revision, SEED, SEED_SHA256)


def downgrade() -> None:
    unload_release(revision)
