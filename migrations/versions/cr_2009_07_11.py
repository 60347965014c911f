"""CR release effective 2009-07-11 (MagicCompRules-20090711.txt).

Revision ID: cr_2009_07_11
Revises: cr_2009_05_01
"""

from collections.abc import Sequence

from rulesdb_loaders.schema_0001 import load_release, unload_release

revision: str = "cr_2009_07_11"
down_revision: str | None = "cr_2009_05_01"
branch_labels: str | Sequence[str] | None = None
depends_on: str | Sequence[str] | None = None

SEED = "cr_2009_07_11.json"
SEED_SHA256 = "b4e1752665cd7d9f96365491fce39997f3820f34d249092ef51fd43afdb8428a"


def upgrade() -> None:
    load_release(revision, SEED, SEED_SHA256)


def downgrade() -> None:
    unload_release(revision)
