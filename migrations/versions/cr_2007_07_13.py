"""CR release effective 2007-07-13 (MagicCompRules-20070713.txt).

Revision ID: cr_2007_07_13
Revises: cr_2007_05_01
"""

from collections.abc import Sequence

from rulesdb_loaders.schema_0001 import load_release, unload_release

revision: str = "cr_2007_07_13"
down_revision: str | None = "cr_2007_05_01"
branch_labels: str | Sequence[str] | None = None
depends_on: str | Sequence[str] | None = None

SEED = "cr_2007_07_13.json"
SEED_SHA256 = "b8aa45b6863adbce9868b300e94e515e6e71bd70d31f9aa9eaba69ada5cc7467"


def upgrade() -> None:
    load_release(revision, SEED, SEED_SHA256)


def downgrade() -> None:
    unload_release(revision)
