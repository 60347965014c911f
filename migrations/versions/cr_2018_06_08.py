"""CR release effective 2018-06-08 (MagicCompRules-20180608.txt).

Revision ID: cr_2018_06_08
Revises: cr_2018_04_27
"""

from collections.abc import Sequence

from rulesdb_loaders.schema_0001 import load_release, unload_release

revision: str = "cr_2018_06_08"
down_revision: str | None = "cr_2018_04_27"
branch_labels: str | Sequence[str] | None = None
depends_on: str | Sequence[str] | None = None

SEED = "cr_2018_06_08.json"
SEED_SHA256 = "b7a669805561eff24f5b9d0b5d7c8fea6bc7fe46909c97038e04ab4ce878080a"


def upgrade() -> None:
    load_release(revision, SEED, SEED_SHA256)


def downgrade() -> None:
    unload_release(revision)
