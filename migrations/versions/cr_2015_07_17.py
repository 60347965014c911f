"""CR release effective 2015-07-17 (MagicCompRules-20150717.txt).

Revision ID: cr_2015_07_17
Revises: cr_2015_03_27
"""

from collections.abc import Sequence

from rulesdb_loaders.schema_0001 import load_release, unload_release

revision: str = "cr_2015_07_17"
down_revision: str | None = "cr_2015_03_27"
branch_labels: str | Sequence[str] | None = None
depends_on: str | Sequence[str] | None = None

SEED = "cr_2015_07_17.json"
SEED_SHA256 = "9fba307001303d878b1eb3f9b214989c1d61f0db085ca4c9780f87dd68cf7728"


def upgrade() -> None:
    load_release(revision, SEED, SEED_SHA256)


def downgrade() -> None:
    unload_release(revision)
