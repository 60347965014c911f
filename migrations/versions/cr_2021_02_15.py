"""CR release effective 2021-02-15 (MagicCompRules-20210215.txt).

Revision ID: cr_2021_02_15
Revises: cr_2021_02_05
"""

from collections.abc import Sequence

from rulesdb_loaders.schema_0001 import load_release, unload_release

revision: str = "cr_2021_02_15"
down_revision: str | None = "cr_2021_02_05"
branch_labels: str | Sequence[str] | None = None
depends_on: str | Sequence[str] | None = None

SEED = "cr_2021_02_15.json"
SEED_SHA256 = "21c4350b034df64678e3af2c934870bf0231033cfe7cbe57d005ace915e40a9b"


def upgrade() -> None:
    load_release(revision, SEED, SEED_SHA256)


def downgrade() -> None:
    unload_release(revision)
