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
SEED_SHA256 = "0b621540a3272ed2433bbf7e79aa2231d65017e53b0375f9beebf1e697ae6c30"


def upgrade() -> None:
    load_release(revision, SEED, SEED_SHA256)


def downgrade() -> None:
    unload_release(revision)
