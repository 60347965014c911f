"""CR release effective 2014-02-01 (MagicCompRules-20140201.txt).

Revision ID: cr_2014_02_01
Revises: cr_2013_11_01
"""

from collections.abc import Sequence

from rulesdb_loaders.schema_0001 import load_release, unload_release

revision: str = "cr_2014_02_01"
down_revision: str | None = "cr_2013_11_01"
branch_labels: str | Sequence[str] | None = None
depends_on: str | Sequence[str] | None = None

SEED = "cr_2014_02_01.json"
SEED_SHA256 = "37d8ac4ec53ef05d4676b6489b62d7dafb3bfa8b1bb140e5b7852e4adb87d0a0"


def upgrade() -> None:
    load_release(revision, SEED, SEED_SHA256)


def downgrade() -> None:
    unload_release(revision)
