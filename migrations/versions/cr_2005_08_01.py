"""CR release effective 2005-08-01 (MagicCompRules-20050801.txt).

Revision ID: cr_2005_08_01
Revises: cr_2005_02_01
"""

from collections.abc import Sequence

from rulesdb_loaders.schema_0001 import load_release, unload_release

revision: str = "cr_2005_08_01"
down_revision: str | None = "cr_2005_02_01"
branch_labels: str | Sequence[str] | None = None
depends_on: str | Sequence[str] | None = None

SEED = "cr_2005_08_01.json"
SEED_SHA256 = "b3d6ba7870f9c488d244794f3b62745b5eee9cb3a93619365e60f1dd55c79a70"


def upgrade() -> None:
    load_release(revision, SEED, SEED_SHA256)


def downgrade() -> None:
    unload_release(revision)
