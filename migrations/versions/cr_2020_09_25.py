"""CR release effective 2020-09-25 (MagicCompRules-20200925.txt).

Revision ID: cr_2020_09_25
Revises: cr_2020_08_07
"""

from collections.abc import Sequence

from rulesdb_loaders.release_v1 import downgrade_release, upgrade_release

revision: str = "cr_2020_09_25"
down_revision: str | None = "cr_2020_08_07"
branch_labels: str | Sequence[str] | None = None
depends_on: str | Sequence[str] | None = None

SEED = "cr_2020_09_25.json"
SEED_SHA256 = "706b38cab44865b3ecdae7bb5893da4877dee011a0346c4c8daaf9ee13cd0958"


def upgrade() -> None:
    upgrade_release(revision, SEED, SEED_SHA256)


def downgrade() -> None:
    downgrade_release("2020-09-25")
