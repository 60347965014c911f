"""CR release effective 2010-02-01 (MagicCompRules-20100201.txt).

Revision ID: cr_2010_02_01
Revises: cr_2009_10_01
"""

from collections.abc import Sequence

from rulesdb_loaders.schema_0001 import load_release, unload_release

revision: str = "cr_2010_02_01"
down_revision: str | None = "cr_2009_10_01"
branch_labels: str | Sequence[str] | None = None
depends_on: str | Sequence[str] | None = None

SEED = "cr_2010_02_01.json"
SEED_SHA256 = "59d39de09d78f92c48ad19b54730975e842f9127883ddbb4a1278cb41ddb00b3"


def upgrade() -> None:
    load_release(revision, SEED, SEED_SHA256)


def downgrade() -> None:
    unload_release(revision)
