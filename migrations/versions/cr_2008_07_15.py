"""CR release effective 2008-07-15 (MagicCompRules-20080715.txt).

Revision ID: cr_2008_07_15
Revises: cr_2008_05_01
"""

from collections.abc import Sequence

from rulesdb_loaders.schema_0001 import load_release, unload_release

revision: str = "cr_2008_07_15"
down_revision: str | None = "cr_2008_05_01"
branch_labels: str | Sequence[str] | None = None
depends_on: str | Sequence[str] | None = None

SEED = "cr_2008_07_15.json"
SEED_SHA256 = "c6e28da11a0915b1cc25ff302aafa70377c53e696360a8889f69d72dfbf961de"


def upgrade() -> None:
    load_release(revision, SEED, SEED_SHA256)


def downgrade() -> None:
    unload_release(revision)
