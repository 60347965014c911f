"""CR release effective 2011-02-04 (MagicCompRules-20110204.txt).

Revision ID: cr_2011_02_04
Revises: cr_2010_10_01
"""

from collections.abc import Sequence

from rulesdb_loaders.schema_0001 import load_release, unload_release

revision: str = "cr_2011_02_04"
down_revision: str | None = "cr_2010_10_01"
branch_labels: str | Sequence[str] | None = None
depends_on: str | Sequence[str] | None = None

SEED = "cr_2011_02_04.json"
SEED_SHA256 = "1c35d4081b01d3fb47b303e4924c27a84dedb4fda7378f096e59bf80b89335d9"


def upgrade() -> None:
    load_release(revision, SEED, SEED_SHA256)


def downgrade() -> None:
    unload_release(revision)
