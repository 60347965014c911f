"""CR release effective 2011-05-01 (MagicCompRules-20110501.txt).

Revision ID: cr_2011_05_01
Revises: cr_2011_04_01
"""

from collections.abc import Sequence

from rulesdb_loaders.schema_0001 import load_release, unload_release

revision: str = "cr_2011_05_01"
down_revision: str | None = "cr_2011_04_01"
branch_labels: str | Sequence[str] | None = None
depends_on: str | Sequence[str] | None = None

SEED = "cr_2011_05_01.json"
SEED_SHA256 = "efbaa89b6ab50b6927151df180e388e453d64a1379218acf272852fb84dc2c76"


def upgrade() -> None:
    load_release(revision, SEED, SEED_SHA256)


def downgrade() -> None:
    unload_release(revision)
