"""CR release effective 2002-10-07 (MagicCompRules-20021007.txt).

Revision ID: cr_2002_10_07
Revises: cr_2002_02_20
"""

from collections.abc import Sequence

from rulesdb_loaders.schema_0001 import load_release, unload_release

revision: str = "cr_2002_10_07"
down_revision: str | None = "cr_2002_02_20"
branch_labels: str | Sequence[str] | None = None
depends_on: str | Sequence[str] | None = None

SEED = "cr_2002_10_07.json"
SEED_SHA256 = "559fdb6c6811220d2e456f8d10e1b350f6c0cdf2986d9267a2f92eeae3578026"


def upgrade() -> None:
    load_release(revision, SEED, SEED_SHA256)


def downgrade() -> None:
    unload_release(revision)
