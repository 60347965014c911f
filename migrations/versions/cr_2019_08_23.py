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
SEED_SHA256 = "f7e1fc243ee5ff5a25d097559e83056ab46211a23fa94a3a3943a75cc9c983a6"


def upgrade() -> None:
    load_release(revision, SEED, SEED_SHA256)


def downgrade() -> None:
    unload_release(revision)
