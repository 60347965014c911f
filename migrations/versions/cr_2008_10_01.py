"""CR release effective 2008-10-01 (MagicCompRules-20081001.txt).

Revision ID: cr_2008_10_01
Revises: cr_2008_07_15
"""

from collections.abc import Sequence

from rulesdb_loaders.schema_0001 import load_release, unload_release

revision: str = "cr_2008_10_01"
down_revision: str | None = "cr_2008_07_15"
branch_labels: str | Sequence[str] | None = None
depends_on: str | Sequence[str] | None = None

SEED = "cr_2008_10_01.json"
SEED_SHA256 = "b66c34f3a4c9221799ffb8bfb83df9470ace8f961a0749a617eefab068c0b90e"


def upgrade() -> None:
    load_release(revision, SEED, SEED_SHA256)


def downgrade() -> None:
    unload_release(revision)
