"""CR release effective 2026-08-07 (MagicCompRules-20260807.txt).

Revision ID: cr_2026_08_07
Revises: cr_2026_06_19
"""

from collections.abc import Sequence

from rulesdb_loaders.schema_0001 import load_release, unload_release

revision: str = "cr_2026_08_07"
down_revision: str | None = "cr_2026_06_19"
branch_labels: str | Sequence[str] | None = None
depends_on: str | Sequence[str] | None = None

SEED = "cr_2026_08_07.json"
SEED_SHA256 = "851e071c085d34a2106a5d328e1eebea9eead7a50bdc72c313302cece1d5c41e"


def upgrade() -> None:
    load_release(revision, SEED, SEED_SHA256)


def downgrade() -> None:
    unload_release(revision)
