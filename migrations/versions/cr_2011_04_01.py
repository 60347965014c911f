"""CR release effective 2011-04-01 (MagicCompRules-20110401.txt).

Revision ID: cr_2011_04_01
Revises: cr_2011_02_04
"""

from collections.abc import Sequence

from rulesdb_loaders.schema_0001 import load_release, unload_release

revision: str = "cr_2011_04_01"
down_revision: str | None = "cr_2011_02_04"
branch_labels: str | Sequence[str] | None = None
depends_on: str | Sequence[str] | None = None

SEED = "cr_2011_04_01.json"
SEED_SHA256 = "65c51cd1f6de8c09d57c69bf2add135588ab23780c1da199049578eda64248b5"


def upgrade() -> None:
    load_release(revision, SEED, SEED_SHA256)


def downgrade() -> None:
    unload_release(revision)
