"""CR release effective 2012-07-01 (MagicCompRules-20120701.txt).

Revision ID: cr_2012_07_01
Revises: cr_2012_06_01
"""

from collections.abc import Sequence

from rulesdb_loaders.schema_0001 import load_release, unload_release

revision: str = "cr_2012_07_01"
down_revision: str | None = "cr_2012_06_01"
branch_labels: str | Sequence[str] | None = None
depends_on: str | Sequence[str] | None = None

SEED = "cr_2012_07_01.json"
SEED_SHA256 = "61d1fba96eaf7734c7dc5e98cd85598a0e6f9f5bf0775231e99b182e43e82ea4"


def upgrade() -> None:
    load_release(revision, SEED, SEED_SHA256)


def downgrade() -> None:
    unload_release(revision)
