"""CR release effective 2020-04-17 (MagicCompRules-20200417.txt).

Revision ID: cr_2020_04_17
Revises: cr_2020_01_24
"""

from collections.abc import Sequence

from rulesdb_loaders.schema_0001 import load_release, unload_release

revision: str = "cr_2020_04_17"
down_revision: str | None = "cr_2020_01_24"
branch_labels: str | Sequence[str] | None = None
depends_on: str | Sequence[str] | None = None

SEED = "cr_2020_04_17.json"
SEED_SHA256 = "b8dad25613201933e21bdae7062049e5f4889f58a1299be707c499887297a7a9"


def upgrade() -> None:
    load_release(revision, SEED, SEED_SHA256)


def downgrade() -> None:
    unload_release(revision)
