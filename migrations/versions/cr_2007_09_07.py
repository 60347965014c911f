"""CR release effective 2007-09-07 (MagicCompRules-20070907.txt).

Revision ID: cr_2007_09_07
Revises: cr_2007_07_13
"""

from collections.abc import Sequence

from rulesdb_loaders.schema_0001 import load_release, unload_release

revision: str = "cr_2007_09_07"
down_revision: str | None = "cr_2007_07_13"
branch_labels: str | Sequence[str] | None = None
depends_on: str | Sequence[str] | None = None

SEED = "cr_2007_09_07.json"
SEED_SHA256 = "651b17755e268bc9e8d2dfa0cd78a1671f38fb26f72bb5a7437d80285f1d354b"


def upgrade() -> None:
    load_release(revision, SEED, SEED_SHA256)


def downgrade() -> None:
    unload_release(revision)
