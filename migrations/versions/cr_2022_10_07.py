"""CR release effective 2022-10-07 (MagicCompRules-20221007.txt).

Revision ID: cr_2022_10_07
Revises: cr_2022_09_08
"""

from collections.abc import Sequence

from rulesdb_loaders.schema_0001 import load_release, unload_release

revision: str = "cr_2022_10_07"
down_revision: str | None = "cr_2022_09_08"
branch_labels: str | Sequence[str] | None = None
depends_on: str | Sequence[str] | None = None

SEED = "cr_2022_10_07.json"
SEED_SHA256 = "d892864571e22159e2dfdf5be8500f421a63f223784b9bfe3fdf3972b922e9d1"


def upgrade() -> None:
    load_release(revision, SEED, SEED_SHA256)


def downgrade() -> None:
    unload_release(revision)
