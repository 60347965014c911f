"""CR release effective 2001-09-24 (MagicCompRules-20010924.txt).

Revision ID: cr_2001_09_24
Revises: cr_2001_07_23
"""

from collections.abc import Sequence

from rulesdb_loaders.schema_0001 import load_release, unload_release

revision: str = "cr_2001_09_24"
down_revision: str | None = "cr_2001_07_23"
branch_labels: str | Sequence[str] | None = None
depends_on: str | Sequence[str] | None = None

SEED = "cr_2001_09_24.json"
SEED_SHA256 = "40788b1da5aae8a379b7cfeb8a78bd15cf863d8f569f77fb480062ff8c99817a"


def upgrade() -> None:
    load_release(revision, SEED, SEED_SHA256)


def downgrade() -> None:
    unload_release(revision)
