"""CR release effective 2013-05-01 (MagicCompRules-20130501.txt).

Revision ID: cr_2013_05_01
Revises: cr_2013_02_01
"""

from collections.abc import Sequence

from rulesdb_loaders.schema_0001 import load_release, unload_release

revision: str = "cr_2013_05_01"
down_revision: str | None = "cr_2013_02_01"
branch_labels: str | Sequence[str] | None = None
depends_on: str | Sequence[str] | None = None

SEED = "cr_2013_05_01.json"
SEED_SHA256 = "36779c8e3026c3dc14e995571dbc00d193d262cf0308886cffbf95e892e7dd5f"


def upgrade() -> None:
    load_release(revision, SEED, SEED_SHA256)


def downgrade() -> None:
    unload_release(revision)
