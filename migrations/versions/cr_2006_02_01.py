"""CR release effective 2006-02-01 (MagicCompRules-20060201.txt).

Revision ID: cr_2006_02_01
Revises: cr_2005_10_01
"""

from collections.abc import Sequence

from rulesdb_loaders.schema_0001 import load_release, unload_release

revision: str = "cr_2006_02_01"
down_revision: str | None = "cr_2005_10_01"
branch_labels: str | Sequence[str] | None = None
depends_on: str | Sequence[str] | None = None

SEED = "cr_2006_02_01.json"
SEED_SHA256 = "b6cc939ba8eed80c7237bfcee26342a06bd6f4c2b5ce67ce00dd7ccc6e8cbb6c"


def upgrade() -> None:
    load_release(revision, SEED, SEED_SHA256)


def downgrade() -> None:
    unload_release(revision)
