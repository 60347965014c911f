"""CR release effective 2006-10-01 (MagicCompRules-20061001.txt).

Revision ID: cr_2006_10_01
Revises: cr_2006_07_15
"""

from collections.abc import Sequence

from rulesdb_loaders.schema_0001 import load_release, unload_release

revision: str = "cr_2006_10_01"
down_revision: str | None = "cr_2006_07_15"
branch_labels: str | Sequence[str] | None = None
depends_on: str | Sequence[str] | None = None

SEED = "cr_2006_10_01.json"
SEED_SHA256 = "23678c2cfbb5412a431dfea97091e729a9e918e488dda6df9e2a41459acc0778"


def upgrade() -> None:
    load_release(revision, SEED, SEED_SHA256)


def downgrade() -> None:
    unload_release(revision)
