"""CR release effective 2019-06-14 (MagicCompRules-20190614.txt).

Revision ID: cr_2019_06_14
Revises: cr_2019_05_03
"""

from collections.abc import Sequence

from rulesdb_loaders.schema_0001 import load_release, unload_release

revision: str = "cr_2019_06_14"
down_revision: str | None = "cr_2019_05_03"
branch_labels: str | Sequence[str] | None = None
depends_on: str | Sequence[str] | None = None

SEED = "cr_2019_06_14.json"
SEED_SHA256 = "fff797fba8a980966763048a22edfb9cfa2ba18b8a4af6cfba0acc428eb7fba3"


def upgrade() -> None:
    load_release(revision, SEED, SEED_SHA256)


def downgrade() -> None:
    unload_release(revision)
