"""CR release effective 2010-10-01 (MagicCompRules-20101001.txt).

Revision ID: cr_2010_10_01
Revises: cr_2010_07_16
"""

from collections.abc import Sequence

from rulesdb_loaders.schema_0001 import load_release, unload_release

revision: str = "cr_2010_10_01"
down_revision: str | None = "cr_2010_07_16"
branch_labels: str | Sequence[str] | None = None
depends_on: str | Sequence[str] | None = None

SEED = "cr_2010_10_01.json"
SEED_SHA256 = "d5fc3edfe829738a79bb5a6b5d21cd2b1ff863f6b648a6da06c221d5c02bf2cc"


def upgrade() -> None:
    load_release(revision, SEED, SEED_SHA256)


def downgrade() -> None:
    unload_release(revision)
