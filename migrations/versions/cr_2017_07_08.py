"""CR release effective 2017-07-08 (MagicCompRules-20170708.txt).

Revision ID: cr_2017_07_08
Revises: cr_2017_06_05
"""

from collections.abc import Sequence

from rulesdb_loaders.schema_0001 import load_release, unload_release

revision: str = "cr_2017_07_08"
down_revision: str | None = "cr_2017_06_05"
branch_labels: str | Sequence[str] | None = None
depends_on: str | Sequence[str] | None = None

SEED = "cr_2017_07_08.json"
SEED_SHA256 = "030017fa1d90e0e27ea52f227d0a2a3de05997b225fe7cd2309f6190e4e30ae0"


def upgrade() -> None:
    load_release(revision, SEED, SEED_SHA256)


def downgrade() -> None:
    unload_release(revision)
