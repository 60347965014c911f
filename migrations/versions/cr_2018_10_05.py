"""CR release effective 2018-10-05 (MagicCompRules-20181005.txt).

Revision ID: cr_2018_10_05
Revises: cr_2018_08_10
"""

from collections.abc import Sequence

from rulesdb_loaders.schema_0001 import load_release, unload_release

revision: str = "cr_2018_10_05"
down_revision: str | None = "cr_2018_08_10"
branch_labels: str | Sequence[str] | None = None
depends_on: str | Sequence[str] | None = None

SEED = "cr_2018_10_05.json"
SEED_SHA256 = "79448c02ff389343fa0c3f97125f74d57d5aba18a4fcdd8500a4219eefed35e0"


def upgrade() -> None:
    load_release(revision, SEED, SEED_SHA256)


def downgrade() -> None:
    unload_release(revision)
