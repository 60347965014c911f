"""CR release effective 2011-09-30 (MagicCompRules-20110930.txt).

Revision ID: cr_2011_09_30
Revises: cr_2011_07_15
"""

from collections.abc import Sequence

from rulesdb_loaders.schema_0001 import load_release, unload_release

revision: str = "cr_2011_09_30"
down_revision: str | None = "cr_2011_07_15"
branch_labels: str | Sequence[str] | None = None
depends_on: str | Sequence[str] | None = None

SEED = "cr_2011_09_30.json"
SEED_SHA256 = "f689a3072493e5d3f315e6063eec22995d11271209d50db676a26b0526b995c3"


def upgrade() -> None:
    load_release(revision, SEED, SEED_SHA256)


def downgrade() -> None:
    unload_release(revision)
