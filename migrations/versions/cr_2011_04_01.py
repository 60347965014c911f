"""CR release effective 2011-04-01 (MagicCompRules-20110401.txt).

Revision ID: cr_2011_04_01
Revises: cr_2011_02_04
"""

from collections.abc import Sequence

from rulesdb_loaders.schema_0001 import load_release, unload_release

revision: str = "cr_2011_04_01"
down_revision: str | None = "cr_2011_02_04"
branch_labels: str | Sequence[str] | None = None
depends_on: str | Sequence[str] | None = None

SEED = "cr_2011_04_01.json"
SEED_SHA256 = "b45450e59fe95220161edd651243d480422e2b505dfa662f15a459537baa78dc"


def upgrade() -> None:
    load_release(revision, SEED, SEED_SHA256)


def downgrade() -> None:
    unload_release(revision)
