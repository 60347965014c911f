"""CR release effective 2008-07-15 (MagicCompRules-20080715.txt).

Revision ID: cr_2008_07_15
Revises: cr_2008_05_01
"""

from collections.abc import Sequence

from rulesdb_loaders.schema_0001 import load_release, unload_release

revision: str = "cr_2008_07_15"
down_revision: str | None = "cr_2008_05_01"
branch_labels: str | Sequence[str] | None = None
depends_on: str | Sequence[str] | None = None

SEED = "cr_2008_07_15.json"
SEED_SHA256 = "edee14d2e81f101e6c1380ee350950d67f9cb44608b2574c2b74b6a062ed0b72"


def upgrade() -> None:
    load_release(revision, SEED, SEED_SHA256)


def downgrade() -> None:
    unload_release(revision)
