"""CR release effective 2018-04-27 (MagicCompRules-20180427.txt).

Revision ID: cr_2018_04_27
Revises: cr_2018_01_19
"""

from collections.abc import Sequence

from rulesdb_loaders.schema_0001 import load_release, unload_release

revision: str = "cr_2018_04_27"
down_revision: str | None = "cr_2018_01_19"
branch_labels: str | Sequence[str] | None = None
depends_on: str | Sequence[str] | None = None

SEED = "cr_2018_04_27.json"
SEED_SHA256 = "fb663bd632ae9b31f59ecbbabead0134ad21ab2eb06a0e45eb5e4aecfea88f75"


def upgrade() -> None:
    load_release(revision, SEED, SEED_SHA256)


def downgrade() -> None:
    unload_release(revision)
