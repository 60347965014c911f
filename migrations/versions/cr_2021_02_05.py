"""CR release effective 2021-02-05 (MagicCompRules-20210205.txt).

Revision ID: cr_2021_02_05
Revises: cr_2020_11_20
"""

from collections.abc import Sequence

from rulesdb_loaders.schema_0001 import load_release, unload_release

revision: str = "cr_2021_02_05"
down_revision: str | None = "cr_2020_11_20"
branch_labels: str | Sequence[str] | None = None
depends_on: str | Sequence[str] | None = None

SEED = "cr_2021_02_05.json"
SEED_SHA256 = "aa2584264d1612f8b997c6dc70666885e9a8a21f31aec8dbd0a23bce22cfc205"


def upgrade() -> None:
    load_release(revision, SEED, SEED_SHA256)


def downgrade() -> None:
    unload_release(revision)
