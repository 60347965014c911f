"""CR release effective 2016-04-08 (MagicCompRules-20160408.txt).

Revision ID: cr_2016_04_08
Revises: cr_2016_01_16
"""

from collections.abc import Sequence

from rulesdb_loaders.schema_0001 import load_release, unload_release

revision: str = "cr_2016_04_08"
down_revision: str | None = "cr_2016_01_16"
branch_labels: str | Sequence[str] | None = None
depends_on: str | Sequence[str] | None = None

SEED = "cr_2016_04_08.json"
SEED_SHA256 = "1b04eb1925b1b2073438d901d6dd93788d37ff55ffe3c727bba261567b81fb0a"


def upgrade() -> None:
    load_release(revision, SEED, SEED_SHA256)


def downgrade() -> None:
    unload_release(revision)
