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
SEED_SHA256 = "b18efb00c870c27b2c4362a8b56be06bf19672e35fa198c41eefa8adbab4e6f0"


def upgrade() -> None:
    load_release(revision, SEED, SEED_SHA256)


def downgrade() -> None:
    unload_release(revision)
