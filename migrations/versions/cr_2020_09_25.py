"""CR release effective 2020-09-25 (MagicCompRules-20200925.txt).

Revision ID: cr_2020_09_25
Revises: cr_2020_08_07
"""

from collections.abc import Sequence

from rulesdb_loaders.schema_0001 import load_release, unload_release

revision: str = "cr_2020_09_25"
down_revision: str | None = "cr_2020_08_07"
branch_labels: str | Sequence[str] | None = None
depends_on: str | Sequence[str] | None = None

SEED = "cr_2020_09_25.json"
SEED_SHA256 = "0f6f2e1048802414583fe150da5c2b5ea7af1ae9375f6611ea68791a6c0b9738"


def upgrade() -> None:
    load_release(revision, SEED, SEED_SHA256)


def downgrade() -> None:
    unload_release(revision)
