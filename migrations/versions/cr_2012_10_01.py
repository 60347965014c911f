"""CR release effective 2012-10-01 (MagicCompRules-20121001.txt).

Revision ID: cr_2012_10_01
Revises: cr_2012_07_01
"""

from collections.abc import Sequence

from rulesdb_loaders.schema_0001 import load_release, unload_release

revision: str = "cr_2012_10_01"
down_revision: str | None = "cr_2012_07_01"
branch_labels: str | Sequence[str] | None = None
depends_on: str | Sequence[str] | None = None

SEED = "cr_2012_10_01.json"
SEED_SHA256 = "98874da464345e2efcd355334164e4b4ec8b8340fceb33c68f75d774b37e2aca"


def upgrade() -> None:
    load_release(revision, SEED, SEED_SHA256)


def downgrade() -> None:
    unload_release(revision)
