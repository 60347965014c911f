"""CR release effective 2006-05-01 (MagicCompRules-20060501.txt).

Revision ID: cr_2006_05_01
Revises: cr_2006_02_01
"""

from collections.abc import Sequence

from rulesdb_loaders.schema_0001 import load_release, unload_release

revision: str = "cr_2006_05_01"
down_revision: str | None = "cr_2006_02_01"
branch_labels: str | Sequence[str] | None = None
depends_on: str | Sequence[str] | None = None

SEED = "cr_2006_05_01.json"
SEED_SHA256 = "887b0c0c2718432d4634dd3aabe06d48ca8af8cac9cc33954d241047842fb2da"


def upgrade() -> None:
    load_release(revision, SEED, SEED_SHA256)


def downgrade() -> None:
    unload_release(revision)
