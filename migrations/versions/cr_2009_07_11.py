"""CR release effective 2009-07-11 (MagicCompRules-20090711.txt).

Revision ID: cr_2009_07_11
Revises: cr_2009_05_01
"""

from collections.abc import Sequence

from rulesdb_loaders.release_v3 import downgrade_release, upgrade_release

revision: str = "cr_2009_07_11"
down_revision: str | None = "cr_2009_05_01"
branch_labels: str | Sequence[str] | None = None
depends_on: str | Sequence[str] | None = None

SEED = "cr_2009_07_11.json"
SEED_SHA256 = "e9d15d5bf05283a51851bdfe6bba2202e88bee0303ce7e39ab6c32a6624996a4"


def upgrade() -> None:
    upgrade_release(revision, SEED, SEED_SHA256)


def downgrade() -> None:
    downgrade_release("2009-07-11")
