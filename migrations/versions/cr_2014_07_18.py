"""CR release effective 2014-07-18 (MagicCompRules-20140718.txt).

Revision ID: cr_2014_07_18
Revises: cr_2014_06_01
"""

from collections.abc import Sequence

from rulesdb_loaders.schema_0001 import load_release, unload_release

revision: str = "cr_2014_07_18"
down_revision: str | None = "cr_2014_06_01"
branch_labels: str | Sequence[str] | None = None
depends_on: str | Sequence[str] | None = None

SEED = "cr_2014_07_18.json"
SEED_SHA256 = "ac3f538b2136df4b913c6a3a73a0f0dbabfac82b5ef8029b02e96ddc78531527"


def upgrade() -> None:
    load_release(revision, SEED, SEED_SHA256)


def downgrade() -> None:
    unload_release(revision)
