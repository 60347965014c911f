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
SEED_SHA256 = "637da141da867970090dc113c9eacf19fe4bca4765b3af4102a294bae3192965"


def upgrade() -> None:
    load_release(revision, SEED, SEED_SHA256)


def downgrade() -> None:
    unload_release(revision)
