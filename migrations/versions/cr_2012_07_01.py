"""CR release effective 2012-07-01 (MagicCompRules-20120701.txt).

Revision ID: cr_2012_07_01
Revises: cr_2012_06_01
"""

from collections.abc import Sequence

from rulesdb_loaders.schema_0001 import load_release, unload_release

revision: str = "cr_2012_07_01"
down_revision: str | None = "cr_2012_06_01"
branch_labels: str | Sequence[str] | None = None
depends_on: str | Sequence[str] | None = None

SEED = "cr_2012_07_01.json"
SEED_SHA256 = "e6a0479fc84972e4397a35e2fb8b4870b16e8563ff98197be5e485087e93a136"


def upgrade() -> None:
    load_release(revision, SEED, SEED_SHA256)


def downgrade() -> None:
    unload_release(revision)
