"""CR release effective 2009-10-01 (MagicCompRules-20091001.txt).

Revision ID: cr_2009_10_01
Revises: cr_2009_09_04
"""

from collections.abc import Sequence

from rulesdb_loaders.schema_0001 import load_release, unload_release

revision: str = "cr_2009_10_01"
down_revision: str | None = "cr_2009_09_04"
branch_labels: str | Sequence[str] | None = None
depends_on: str | Sequence[str] | None = None

SEED = "cr_2009_10_01.json"
SEED_SHA256 = "dda8024e320742207797018450f63380096aae78bdd4382a6bf0b4fe925bbabc"


def upgrade() -> None:
    load_release(revision, SEED, SEED_SHA256)


def downgrade() -> None:
    unload_release(revision)
