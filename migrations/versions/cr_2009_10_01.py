"""CR release effective 2009-10-01 (MagicCompRules-20091001.txt).

Revision ID: cr_2009_10_01
Revises: cr_2009_09_04
"""

from collections.abc import Sequence

from rulesdb_loaders.schema_0001 import load_release, unload_release

revision: str = "cr_2009_10_01"
down_revision: str | None = "cr_2009_09_04"
branch_labels: str | Sequence[str] | None = None
depends_on: str | Sequence[str] | None = None

SEED = "cr_2009_10_01.json"
SEED_SHA256 = "89ec87f88ea04bb3fb8f2a5cef8a5c09201de1ddd33f9059ebe553424f22d02e"


def upgrade() -> None:
    load_release(revision, SEED, SEED_SHA256)


def downgrade() -> None:
    unload_release(revision)
