"""CR release effective 2014-09-25 (MagicCompRules-20140925.txt).

Revision ID: cr_2014_09_25
Revises: cr_2014_07_18
"""

from collections.abc import Sequence

from rulesdb_loaders.release_v3 import downgrade_release, upgrade_release

revision: str = "cr_2014_09_25"
down_revision: str | None = "cr_2014_07_18"
branch_labels: str | Sequence[str] | None = None
depends_on: str | Sequence[str] | None = None

SEED = "cr_2014_09_25.json"
SEED_SHA256 = "11b11262b281ced81b47cb7177dd0ba65b7753c2ac9ed231c1d1c924c986907c"


def upgrade() -> None:
    upgrade_release(revision, SEED, SEED_SHA256)


def downgrade() -> None:
    downgrade_release("2014-09-25")
