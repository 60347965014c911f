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
SEED_SHA256 = "956cecba7810467a902e57debedc09c4abfd481827d829b982a66be1697d2835"


def upgrade() -> None:
    load_release(revision, SEED, SEED_SHA256)


def downgrade() -> None:
    unload_release(revision)
