"""CR release effective 2002-10-07 (MagicCompRules-20021007.txt).

Revision ID: cr_2002_10_07
Revises: cr_2002_02_20
"""

from collections.abc import Sequence

from rulesdb_loaders.schema_0001 import load_release, unload_release

revision: str = "cr_2002_10_07"
down_revision: str | None = "cr_2002_02_20"
branch_labels: str | Sequence[str] | None = None
depends_on: str | Sequence[str] | None = None

SEED = "cr_2002_10_07.json"
SEED_SHA256 = "7ab25a02c9e5dd0e5f35ecfb03b6965df89f417ca92a6198a82d3fe76e7ac9e1"


def upgrade() -> None:
    load_release(revision, SEED, SEED_SHA256)


def downgrade() -> None:
    unload_release(revision)
