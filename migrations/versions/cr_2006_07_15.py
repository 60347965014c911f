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
SEED_SHA256 = "8d66bd358c16bbd925ea153cfb83d19b131ba7b1a2e36ebdfc0e799b8504f0fa"


def upgrade() -> None:
    load_release(revision, SEED, SEED_SHA256)


def downgrade() -> None:
    unload_release(revision)
