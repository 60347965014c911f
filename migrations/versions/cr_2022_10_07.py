"""CR release effective 2022-10-07 (MagicCompRules-20221007.txt).

Revision ID: cr_2022_10_07
Revises: cr_2022_09_08
"""

from collections.abc import Sequence

from rulesdb_loaders.schema_0001 import load_release, unload_release

revision: str = "cr_2022_10_07"
down_revision: str | None = "cr_2022_09_08"
branch_labels: str | Sequence[str] | None = None
depends_on: str | Sequence[str] | None = None

SEED = "cr_2022_10_07.json"
SEED_SHA256 = "026e5b20e4dbdabd76e3d6af01c68456c078d6828b03c610a3440f9a3533de2c"


def upgrade() -> None:
    load_release(revision, SEED, SEED_SHA256)


def downgrade() -> None:
    unload_release(revision)
