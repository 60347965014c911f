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
SEED_SHA256 = "dc50e5885f038cba3b4b77183630dccdbbd5b618c34294e502b9fc74a803c4b2"


def upgrade() -> None:
    load_release(revision, SEED, SEED_SHA256)


def downgrade() -> None:
    unload_release(revision)
