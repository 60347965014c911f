"""CR release effective 2019-08-23 (MagicCompRules-20190823.txt).

Revision ID: cr_2019_08_23
Revises: cr_2019_07_12
"""

from collections.abc import Sequence

from rulesdb_loaders.schema_0001 import load_release, unload_release

revision: str = "cr_2019_08_23"
down_revision: str | None = "cr_2019_07_12"
branch_labels: str | Sequence[str] | None = None
depends_on: str | Sequence[str] | None = None

SEED = "cr_2019_08_23.json"
SEED_SHA256 = "4e268d693a97c92ab9ed463b1d5e99f4f36f4ea7329102fba7b0636f4e4fb276"


def upgrade() -> None:
    load_release(revision, SEED, SEED_SHA256)


def downgrade() -> None:
    unload_release(revision)
