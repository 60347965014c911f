"""CR release effective 2004-06-01 (MagicCompRules-20040601.txt).

Revision ID: cr_2004_06_01
Revises: cr_2004_02_01
"""

from collections.abc import Sequence

from rulesdb_loaders.schema_0001 import load_release, unload_release

revision: str = "cr_2004_06_01"
down_revision: str | None = "cr_2004_02_01"
branch_labels: str | Sequence[str] | None = None
depends_on: str | Sequence[str] | None = None

SEED = "cr_2004_06_01.json"
SEED_SHA256 = "067825ba8585ae736adfd01c938396f130f3e978b861e62a41657da264bd26ad"


def upgrade() -> None:
    load_release(revision, SEED, SEED_SHA256)


def downgrade() -> None:
    unload_release(revision)
