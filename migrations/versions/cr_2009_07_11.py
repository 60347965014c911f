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
SEED_SHA256 = "3ec8aa7a942fdd9cfba18be6664ef5436ff0e459dac536ff4442aa4100229e40"


def upgrade() -> None:
    load_release(revision, SEED, SEED_SHA256)


def downgrade() -> None:
    unload_release(revision)
