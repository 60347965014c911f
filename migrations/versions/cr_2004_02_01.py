"""CR release effective 2004-02-01 (MagicCompRules-20040201.txt).

Revision ID: cr_2004_02_01
Revises: cr_2003_12_01
"""

from collections.abc import Sequence

from rulesdb_loaders.schema_0001 import load_release, unload_release

revision: str = "cr_2004_02_01"
down_revision: str | None = "cr_2003_12_01"
branch_labels: str | Sequence[str] | None = None
depends_on: str | Sequence[str] | None = None

SEED = "cr_2004_02_01.json"
SEED_SHA256 = "7124bc554392a732a0224516e64c0a6aecf7d3674edc6f047fa99408f48fc858"


def upgrade() -> None:
    load_release(revision, SEED, SEED_SHA256)


def downgrade() -> None:
    unload_release(revision)
