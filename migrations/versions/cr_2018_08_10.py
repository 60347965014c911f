"""CR release effective 2018-08-10 (MagicCompRules-20180810.txt).

Revision ID: cr_2018_08_10
Revises: cr_2018_07_13
"""

from collections.abc import Sequence

from rulesdb_loaders.schema_0001 import load_release, unload_release

revision: str = "cr_2018_08_10"
down_revision: str | None = "cr_2018_07_13"
branch_labels: str | Sequence[str] | None = None
depends_on: str | Sequence[str] | None = None

SEED = "cr_2018_08_10.json"
SEED_SHA256 = "50b8f49bf40afc0ba8966699457cef4d2f4c0165f151e02bc1d5e9e53e3b548a"


def upgrade() -> None:
    load_release(revision, SEED, SEED_SHA256)


def downgrade() -> None:
    unload_release(revision)
