"""CR release effective 2010-06-18 (MagicCompRules-20100618.txt).

Revision ID: cr_2010_06_18
Revises: cr_2010_04_23
"""

from collections.abc import Sequence

from rulesdb_loaders.schema_0001 import load_release, unload_release

revision: str = "cr_2010_06_18"
down_revision: str | None = "cr_2010_04_23"
branch_labels: str | Sequence[str] | None = None
depends_on: str | Sequence[str] | None = None

SEED = "cr_2010_06_18.json"
SEED_SHA256 = "f2d4e97bfaf8553f0504cfaca7130608dd732957428b920ef94972a285bada6a"


def upgrade() -> None:
    load_release(revision, SEED, SEED_SHA256)


def downgrade() -> None:
    unload_release(revision)
