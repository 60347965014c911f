"""CR release effective 2021-06-18 (MagicCompRules-20210618.txt).

Revision ID: cr_2021_06_18
Revises: cr_2021_04_22
"""

from collections.abc import Sequence

from rulesdb_loaders.schema_0001 import load_release, unload_release

revision: str = "cr_2021_06_18"
down_revision: str | None = "cr_2021_04_22"
branch_labels: str | Sequence[str] | None = None
depends_on: str | Sequence[str] | None = None

SEED = "cr_2021_06_18.json"
SEED_SHA256 = "fee1039e4596787553a36feec10959d4bf54751f7782dea0577ba9baf0475adb"


def upgrade() -> None:
    load_release(revision, SEED, SEED_SHA256)


def downgrade() -> None:
    unload_release(revision)
