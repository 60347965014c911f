"""CR release effective 2019-06-14 (MagicCompRules-20190614.txt).

Revision ID: cr_2019_06_14
Revises: cr_2019_05_03
"""

from collections.abc import Sequence

from rulesdb_loaders.schema_0001 import load_release, unload_release

revision: str = "cr_2019_06_14"
down_revision: str | None = "cr_2019_05_03"
branch_labels: str | Sequence[str] | None = None
depends_on: str | Sequence[str] | None = None

SEED = "cr_2019_06_14.json"
SEED_SHA256 = "592fd5a4a88654cc90644124ad1361e1f4f1cb621056d60b1ee098d409803f40"


def upgrade() -> None:
    load_release(revision, SEED, SEED_SHA256)


def downgrade() -> None:
    unload_release(revision)
