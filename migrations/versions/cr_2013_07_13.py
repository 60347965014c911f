"""CR release effective 2013-07-13 (MagicCompRules-20130713.txt).

Revision ID: cr_2013_07_13
Revises: cr_2013_05_01
"""

from collections.abc import Sequence

from rulesdb_loaders.schema_0001 import load_release, unload_release

revision: str = "cr_2013_07_13"
down_revision: str | None = "cr_2013_05_01"
branch_labels: str | Sequence[str] | None = None
depends_on: str | Sequence[str] | None = None

SEED = "cr_2013_07_13.json"
SEED_SHA256 = "f6a0a474da3f25a3a96c0d1436a6753dc2cb783266cf869e173c0f69bb13a2a8"


def upgrade() -> None:
    load_release(revision, SEED, SEED_SHA256)


def downgrade() -> None:
    unload_release(revision)
