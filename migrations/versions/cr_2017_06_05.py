"""CR release effective 2017-06-05 (MagicCompRules-20170605.txt).

Revision ID: cr_2017_06_05
Revises: cr_2017_04_28
"""

from collections.abc import Sequence

from rulesdb_loaders.schema_0001 import load_release, unload_release

revision: str = "cr_2017_06_05"
down_revision: str | None = "cr_2017_04_28"
branch_labels: str | Sequence[str] | None = None
depends_on: str | Sequence[str] | None = None

SEED = "cr_2017_06_05.json"
SEED_SHA256 = "ff683a657b809b5235b9d772f364677b5c1a50da7829f77b33cd1672cd471501"


def upgrade() -> None:
    load_release(revision, SEED, SEED_SHA256)


def downgrade() -> None:
    unload_release(revision)
