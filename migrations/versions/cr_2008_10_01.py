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
SEED_SHA256 = "85685acd2a1d12c0d9ce4173fa4ccf23f163be25377072e6b89506ebe86f0524"


def upgrade() -> None:
    load_release(revision, SEED, SEED_SHA256)


def downgrade() -> None:
    unload_release(revision)
