"""CR release effective 2012-10-01 (MagicCompRules-20121001.txt).

Revision ID: cr_2012_10_01
Revises: cr_2012_07_01
"""

from collections.abc import Sequence

from rulesdb_loaders.schema_0001 import load_release, unload_release

revision: str = "cr_2012_10_01"
down_revision: str | None = "cr_2012_07_01"
branch_labels: str | Sequence[str] | None = None
depends_on: str | Sequence[str] | None = None

SEED = "cr_2012_10_01.json"
SEED_SHA256 = "11364badea99db93a3445a4b892ef6e0c1d7423d4e6c9d400d8ef410fdaac7e1"


def upgrade() -> None:
    load_release(revision, SEED, SEED_SHA256)


def downgrade() -> None:
    unload_release(revision)
