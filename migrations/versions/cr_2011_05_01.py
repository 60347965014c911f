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
SEED_SHA256 = "a767de9310d64d1995201edd893ed06f5c6a451b3b5c30a0644fa648e2c51c0f"


def upgrade() -> None:
    load_release(revision, SEED, SEED_SHA256)


def downgrade() -> None:
    unload_release(revision)
