"""CR release effective 2002-02-20 (MagicCompRules-20020220.txt).

Revision ID: cr_2002_02_20
Revises: cr_2001_09_24
"""

from collections.abc import Sequence

from rulesdb_loaders.schema_0001 import load_release, unload_release

revision: str = "cr_2002_02_20"
down_revision: str | None = "cr_2001_09_24"
branch_labels: str | Sequence[str] | None = None
depends_on: str | Sequence[str] | None = None

SEED = "cr_2002_02_20.json"
SEED_SHA256 = "9a6cf51b81923605ce8cb777ca8a279eb227c5f7c69a6b5ec1218dae93abced2"


def upgrade() -> None:
    load_release(revision, SEED, SEED_SHA256)


def downgrade() -> None:
    unload_release(revision)
