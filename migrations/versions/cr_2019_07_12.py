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
SEED_SHA256 = "4a4a595f64ea6d0537592c2ea43c7e82e3fa5da9fe83db52ea8cbb2a54cc4b91"


def upgrade() -> None:
    load_release(revision, SEED, SEED_SHA256)


def downgrade() -> None:
    unload_release(revision)
