"""CR release effective 2016-01-16 (MagicCompRules-20160116.txt).

Revision ID: cr_2016_01_16
Revises: cr_2015_11_13
"""

from collections.abc import Sequence

from rulesdb_loaders.schema_0001 import load_release, unload_release

revision: str = "cr_2016_01_16"
down_revision: str | None = "cr_2015_11_13"
branch_labels: str | Sequence[str] | None = None
depends_on: str | Sequence[str] | None = None

SEED = "cr_2016_01_16.json"
SEED_SHA256 = "318d89640f3785d565c0d1e058e69359e29220a324549e62331c0c3886e4b069"


def upgrade() -> None:
    load_release(revision, SEED, SEED_SHA256)


def downgrade() -> None:
    unload_release(revision)
