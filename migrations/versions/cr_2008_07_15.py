"""CR release effective 2008-07-15 (MagicCompRules-20080715.txt).

Revision ID: cr_2008_07_15
Revises: cr_2008_05_01
"""

from collections.abc import Sequence

from rulesdb_loaders.schema_0001 import load_release, unload_release

revision: str = "cr_2008_07_15"
down_revision: str | None = "cr_2008_05_01"
branch_labels: str | Sequence[str] | None = None
depends_on: str | Sequence[str] | None = None

SEED = "cr_2008_07_15.json"
SEED_SHA256 = "b368ffea4dc2f1697b525c64b6c6539cce4552d219b0896d815379cdabf9c722"


def upgrade() -> None:
    load_release(revision, SEED, SEED_SHA256)


def downgrade() -> None:
    unload_release(revision)
