"""CR release effective 2019-10-04 (MagicCompRules-20191004.txt).

Revision ID: cr_2019_10_04
Revises: cr_2019_08_23
"""

from collections.abc import Sequence

from rulesdb_loaders.schema_0001 import load_release, unload_release

revision: str = "cr_2019_10_04"
down_revision: str | None = "cr_2019_08_23"
branch_labels: str | Sequence[str] | None = None
depends_on: str | Sequence[str] | None = None

SEED = "cr_2019_10_04.json"
SEED_SHA256 = "0a89c32266bae38dc85bbd56b18c4537aef2033972f955d97ecd3ae6327f2319"


def upgrade() -> None:
    load_release(revision, SEED, SEED_SHA256)


def downgrade() -> None:
    unload_release(revision)
