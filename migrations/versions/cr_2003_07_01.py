"""CR release effective 2003-07-01 (MagicCompRules-20030701.txt).

Revision ID: cr_2003_07_01
Revises: cr_2003_06_01
"""

from collections.abc import Sequence

from rulesdb_loaders.schema_0001 import load_release, unload_release

revision: str = "cr_2003_07_01"
down_revision: str | None = "cr_2003_06_01"
branch_labels: str | Sequence[str] | None = None
depends_on: str | Sequence[str] | None = None

SEED = "cr_2003_07_01.json"
SEED_SHA256 = "3cf7ceff225851326de022e249dadbd81ef73322a7554ef2ba38af08a98a3098"


def upgrade() -> None:
    load_release(revision, SEED, SEED_SHA256)


def downgrade() -> None:
    unload_release(revision)
