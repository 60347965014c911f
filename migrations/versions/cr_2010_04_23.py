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
SEED_SHA256 = "be06e0db78dde53ebe903155a033630f861e1b8b374237d1704120de329b7120"


def upgrade() -> None:
    load_release(revision, SEED, SEED_SHA256)


def downgrade() -> None:
    unload_release(revision)
