"""CR release effective 2020-11-20 (MagicCompRules-20201120.txt).

Revision ID: cr_2020_11_20
Revises: cr_2020_09_25
"""

from collections.abc import Sequence

from rulesdb_loaders.schema_0001 import load_release, unload_release

revision: str = "cr_2020_11_20"
down_revision: str | None = "cr_2020_09_25"
branch_labels: str | Sequence[str] | None = None
depends_on: str | Sequence[str] | None = None

SEED = "cr_2020_11_20.json"
SEED_SHA256 = "af5d8735a0787c4aa2f46461c9c24143762766b5cd7f3f25cf73beba68ec4ac3"


def upgrade() -> None:
    load_release(revision, SEED, SEED_SHA256)


def downgrade() -> None:
    unload_release(revision)
