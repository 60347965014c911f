"""CR release effective 2018-06-08 (MagicCompRules-20180608.txt).

Revision ID: cr_2018_06_08
Revises: cr_2018_04_27
"""

from collections.abc import Sequence

from rulesdb_loaders.schema_0001 import load_release, unload_release

revision: str = "cr_2018_06_08"
down_revision: str | None = "cr_2018_04_27"
branch_labels: str | Sequence[str] | None = None
depends_on: str | Sequence[str] | None = None

SEED = "cr_2018_06_08.json"
SEED_SHA256 = "cf133380e907ae7ca8a9e37c2fddf401e9f89490ec7475d0c840b0173be6a9bc"


def upgrade() -> None:
    load_release(revision, SEED, SEED_SHA256)


def downgrade() -> None:
    unload_release(revision)
