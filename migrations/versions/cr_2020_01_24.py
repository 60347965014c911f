"""CR release effective 2020-01-24 (MagicCompRules-20200124.txt).

Revision ID: cr_2020_01_24
Revises: cr_2019_10_04
"""

from collections.abc import Sequence

from rulesdb_loaders.schema_0001 import load_release, unload_release

revision: str = "cr_2020_01_24"
down_revision: str | None = "cr_2019_10_04"
branch_labels: str | Sequence[str] | None = None
depends_on: str | Sequence[str] | None = None

SEED = "cr_2020_01_24.json"
SEED_SHA256 = "2dfca31d04df769a3216daecd26acdbc5e2f81b1ba003c5b8388e78af84a6d93"


def upgrade() -> None:
    load_release(revision, SEED, SEED_SHA256)


def downgrade() -> None:
    unload_release(revision)
