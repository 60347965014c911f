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
SEED_SHA256 = "cf2c22be65eca37774428fe451c435b44d47bf68520965511f1d58ea483807bb"


def upgrade() -> None:
    load_release(revision, SEED, SEED_SHA256)


def downgrade() -> None:
    unload_release(revision)
