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
SEED_SHA256 = "00d0705205d1b7f8f63eef0cd9eae330d26cc114cc493d2e7b3134f46e86db9b"


def upgrade() -> None:
    load_release(revision, SEED, SEED_SHA256)


def downgrade() -> None:
    unload_release(revision)
