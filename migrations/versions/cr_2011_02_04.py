"""CR release effective 2011-02-04 (MagicCompRules-20110204.txt).

Revision ID: cr_2011_02_04
Revises: cr_2010_10_01
"""

from collections.abc import Sequence

from rulesdb_loaders.schema_0001 import load_release, unload_release

revision: str = "cr_2011_02_04"
down_revision: str | None = "cr_2010_10_01"
branch_labels: str | Sequence[str] | None = None
depends_on: str | Sequence[str] | None = None

SEED = "cr_2011_02_04.json"
SEED_SHA256 = "f517f54f2145c426ad592e0de80eb719d7b531dd772c9559a5bf06b31966ee22"


def upgrade() -> None:
    load_release(revision, SEED, SEED_SHA256)


def downgrade() -> None:
    unload_release(revision)
