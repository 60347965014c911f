"""CR release effective 2010-04-23 (MagicCompRules-20100423.txt).

Revision ID: cr_2010_04_23
Revises: cr_2010_02_01
"""

from collections.abc import Sequence

from rulesdb_loaders.schema_0001 import load_release, unload_release

revision: str = "cr_2010_04_23"
down_revision: str | None = "cr_2010_02_01"
branch_labels: str | Sequence[str] | None = None
depends_on: str | Sequence[str] | None = None

SEED = "cr_2010_04_23.json"
SEED_SHA256 = "89a3cb8fa7b54e49bfd6a3cc002b430c5487bc1c0e3eb5132386e998c2fcebe3"


def upgrade() -> None:
    load_release(revision, SEED, SEED_SHA256)


def downgrade() -> None:
    unload_release(revision)
