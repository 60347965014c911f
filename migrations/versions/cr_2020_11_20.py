"""CR release effective 2020-11-20 (MagicCompRules-20201120.txt).

Revision ID: cr_2020_11_20
Revises: cr_2020_09_25
"""

from collections.abc import Sequence

from rulesdb_loaders.schema_0001 import load_release, unload_release

revision: str = "cr_2020_11_20"
down_revision: str | None = "cr_2020_09_25"
branch_labels: str | Sequence[str] | None = None
depends_on: str | Sequence[str] | None = None

SEED = "cr_2020_11_20.json"
SEED_SHA256 = "98d35d68a84dd5d9f0eb584dae0880000badc4fc69d27a91c6bab59aa204c84d"


def upgrade() -> None:
    load_release(revision, SEED, SEED_SHA256)


def downgrade() -> None:
    unload_release(revision)
