"""CR release effective 2022-11-18 (MagicCompRules-20221118.txt).

Revision ID: cr_2022_11_18
Revises: cr_2022_10_07
"""

from collections.abc import Sequence

from rulesdb_loaders.schema_0001 import load_release, unload_release

revision: str = "cr_2022_11_18"
down_revision: str | None = "cr_2022_10_07"
branch_labels: str | Sequence[str] | None = None
depends_on: str | Sequence[str] | None = None

SEED = "cr_2022_11_18.json"
SEED_SHA256 = "c83a0bf8ca562483c0724d435afbcb117c4c1c864c3c0393eff11a6bd264bcdb"


def upgrade() -> None:
    load_release(revision, SEED, SEED_SHA256)


def downgrade() -> None:
    unload_release(revision)
