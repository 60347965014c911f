"""CR release effective 2020-08-07 (MagicCompRules-20200807.txt).

Revision ID: cr_2020_08_07
Revises: cr_2020_07_03
"""

from collections.abc import Sequence

from rulesdb_loaders.schema_0001 import load_release, unload_release

revision: str = "cr_2020_08_07"
down_revision: str | None = "cr_2020_07_03"
branch_labels: str | Sequence[str] | None = None
depends_on: str | Sequence[str] | None = None

SEED = "cr_2020_08_07.json"
SEED_SHA256 = "f83ea56475f2d3367e05aa1d3756fb49ac5980b694073c153be82a6bb6db8eeb"


def upgrade() -> None:
    load_release(revision, SEED, SEED_SHA256)


def downgrade() -> None:
    unload_release(revision)
