"""CR release effective 2017-01-20 (MagicCompRules-20170120.txt).

Revision ID: cr_2017_01_20
Revises: cr_2016_11_11
"""

from collections.abc import Sequence

from rulesdb_loaders.schema_0001 import load_release, unload_release

revision: str = "cr_2017_01_20"
down_revision: str | None = "cr_2016_11_11"
branch_labels: str | Sequence[str] | None = None
depends_on: str | Sequence[str] | None = None

SEED = "cr_2017_01_20.json"
SEED_SHA256 = "659b79a97ee1f61af6559e4b383fce11618ec372d04980c98668881336220513"


def upgrade() -> None:
    load_release(revision, SEED, SEED_SHA256)


def downgrade() -> None:
    unload_release(revision)
