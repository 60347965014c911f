"""CR release effective 2019-07-12 (MagicCompRules-20190712.txt).

Revision ID: cr_2019_07_12
Revises: cr_2019_06_14
"""

from collections.abc import Sequence

from rulesdb_loaders.schema_0001 import load_release, unload_release

revision: str = "cr_2019_07_12"
down_revision: str | None = "cr_2019_06_14"
branch_labels: str | Sequence[str] | None = None
depends_on: str | Sequence[str] | None = None

SEED = "cr_2019_07_12.json"
SEED_SHA256 = "cd9629239ff5ddef9d068acfd2c209457c5b1efea0791d106c7830b787344931"


def upgrade() -> None:
    load_release(revision, SEED, SEED_SHA256)


def downgrade() -> None:
    unload_release(revision)
