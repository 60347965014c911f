"""CR release effective 2015-09-26 (MagicCompRules-20150926.txt).

Revision ID: cr_2015_09_26
Revises: cr_2015_07_17
"""

from collections.abc import Sequence

from rulesdb_loaders.schema_0001 import load_release, unload_release

revision: str = "cr_2015_09_26"
down_revision: str | None = "cr_2015_07_17"
branch_labels: str | Sequence[str] | None = None
depends_on: str | Sequence[str] | None = None

SEED = "cr_2015_09_26.json"
SEED_SHA256 = "b6c89008dde548f22f030d68e1b9e24b79a2109ed5deb6257682f30530fa2ad5"


def upgrade() -> None:
    load_release(revision, SEED, SEED_SHA256)


def downgrade() -> None:
    unload_release(revision)
