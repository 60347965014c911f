"""CR release effective 2020-09-25 (MagicCompRules-20200925.txt).

Revision ID: cr_2020_09_25
Revises: cr_2020_08_07
"""

from collections.abc import Sequence

from rulesdb_loaders.schema_0001 import load_release, unload_release

revision: str = "cr_2020_09_25"
down_revision: str | None = "cr_2020_08_07"
branch_labels: str | Sequence[str] | None = None
depends_on: str | Sequence[str] | None = None

SEED = "cr_2020_09_25.json"
SEED_SHA256 = "a09ea706ab2d7a021a01a9f068fa27a27228eefe8c60d24ca104635e3bfa2312"


def upgrade() -> None:
    load_release(revision, SEED, SEED_SHA256)


def downgrade() -> None:
    unload_release(revision)
