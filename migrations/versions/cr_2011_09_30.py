"""CR release effective 2011-09-30 (MagicCompRules-20110930.txt).

Revision ID: cr_2011_09_30
Revises: cr_2011_07_15
"""

from collections.abc import Sequence

from rulesdb_loaders.schema_0001 import load_release, unload_release

revision: str = "cr_2011_09_30"
down_revision: str | None = "cr_2011_07_15"
branch_labels: str | Sequence[str] | None = None
depends_on: str | Sequence[str] | None = None

SEED = "cr_2011_09_30.json"
SEED_SHA256 = "80be574b38682c0ad8ef47442cd6b058f1715a1d301910e86ece37d347cdd002"


def upgrade() -> None:
    load_release(revision, SEED, SEED_SHA256)


def downgrade() -> None:
    unload_release(revision)
