"""CR release effective 2006-07-15 (MagicCompRules-20060715.txt).

Revision ID: cr_2006_07_15
Revises: cr_2006_05_01
"""

from collections.abc import Sequence

from rulesdb_loaders.schema_0001 import load_release, unload_release

revision: str = "cr_2006_07_15"
down_revision: str | None = "cr_2006_05_01"
branch_labels: str | Sequence[str] | None = None
depends_on: str | Sequence[str] | None = None

SEED = "cr_2006_07_15.json"
SEED_SHA256 = "7d0ab6bb1b1144cdd3e3e3dbfce5dd1e124a98e4a02fbd8f7c5b1d198ce460f4"


def upgrade() -> None:
    load_release(revision, SEED, SEED_SHA256)


def downgrade() -> None:
    unload_release(revision)
