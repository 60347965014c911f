"""CR release effective 2003-03-15 (MagicCompRules-20030315.txt).

Revision ID: cr_2003_03_15
Revises: cr_2002_10_07
"""

from collections.abc import Sequence

from rulesdb_loaders.schema_0001 import load_release, unload_release

revision: str = "cr_2003_03_15"
down_revision: str | None = "cr_2002_10_07"
branch_labels: str | Sequence[str] | None = None
depends_on: str | Sequence[str] | None = None

SEED = "cr_2003_03_15.json"
SEED_SHA256 = "5d398682cad771b1191f73319672a1bab21ae9556a52a4e12cdf7e5b11f2973e"


def upgrade() -> None:
    load_release(revision, SEED, SEED_SHA256)


def downgrade() -> None:
    unload_release(revision)
