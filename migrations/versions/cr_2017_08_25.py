"""CR release effective 2017-08-25 (MagicCompRules-20170825.txt).

Revision ID: cr_2017_08_25
Revises: cr_2017_07_08
"""

from collections.abc import Sequence

from rulesdb_loaders.release_v1 import downgrade_release, upgrade_release

revision: str = "cr_2017_08_25"
down_revision: str | None = "cr_2017_07_08"
branch_labels: str | Sequence[str] | None = None
depends_on: str | Sequence[str] | None = None

SEED = "cr_2017_08_25.json"
SEED_SHA256 = "a46cbc221cfdd48457bf35ceabfbde9cbed271fe47500dd530b27c4593bb7ccc"


def upgrade() -> None:
    upgrade_release(revision, SEED, SEED_SHA256)


def downgrade() -> None:
    downgrade_release("2017-08-25")
