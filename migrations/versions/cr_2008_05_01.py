"""CR release effective 2008-05-01 (MagicCompRules-20080501.txt).

Revision ID: cr_2008_05_01
Revises: cr_2008_02_01
"""

from collections.abc import Sequence

from rulesdb_loaders.schema_0001 import load_release, unload_release

revision: str = "cr_2008_05_01"
down_revision: str | None = "cr_2008_02_01"
branch_labels: str | Sequence[str] | None = None
depends_on: str | Sequence[str] | None = None

SEED = "cr_2008_05_01.json"
SEED_SHA256 = "5c29da3df37ae761f8c543c28e04d39ed34248dd979961b3cbb22c65759c5a1b"


def upgrade() -> None:
    load_release(revision, SEED, SEED_SHA256)


def downgrade() -> None:
    unload_release(revision)
