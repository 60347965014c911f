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
SEED_SHA256 = "3db1534908096f3245ad285802786cc170f6784911904a3479e659c1274bfd26"


def upgrade() -> None:
    load_release(revision, SEED, SEED_SHA256)


def downgrade() -> None:
    unload_release(revision)
