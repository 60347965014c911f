"""CR release effective 2001-07-23 (MagicCompRules-20010723.txt).

Revision ID: cr_2001_07_23
Revises: cr_1999_11_01
"""

from collections.abc import Sequence

from rulesdb_loaders.release_v3 import downgrade_release, upgrade_release

revision: str = "cr_2001_07_23"
down_revision: str | None = "cr_1999_11_01"
branch_labels: str | Sequence[str] | None = None
depends_on: str | Sequence[str] | None = None

SEED = "cr_2001_07_23.json"
SEED_SHA256 = "2a1dc869d663f2ab9f43e3e694ed7402f941652c3bf65203e423a034bf60378c"


def upgrade() -> None:
    upgrade_release(revision, SEED, SEED_SHA256)


def downgrade() -> None:
    downgrade_release("2001-07-23")
