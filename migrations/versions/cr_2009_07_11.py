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
SEED_SHA256 = "c752f737aaf9c90224377f75340b6dc7e68dba9a2aca7a17d2bfd6faa36f1469"


def upgrade() -> None:
    load_release(revision, SEED, SEED_SHA256)


def downgrade() -> None:
    unload_release(revision)
