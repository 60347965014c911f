"""CR release effective 2020-09-25 (MagicCompRules-20200925.txt).

Revision ID: cr_2020_09_25
Revises: cr_2020_08_07
"""

from collections.abc import Sequence

from rulesdb_loaders.schema_0001 import load_release, unload_release

revision: str = "cr_2020_09_25"
down_revision: str | None = "cr_2020_08_07"
branch_labels: str | Sequence[str] | None = None
depends_on: str | Sequence[str] | None = None

SEED = "cr_2020_09_25.json"
SEED_SHA256 = "b46e3f3d4f1589c08cc444c121ae677e0579e14b1540a3b4615a490616f28e8a"


def upgrade() -> None:
    load_release(revision, SEED, SEED_SHA256)


def downgrade() -> None:
    unload_release(revision)
