"""CR release effective 2016-08-26 (MagicCompRules-20160826.txt).

Revision ID: cr_2016_08_26
Revises: cr_2016_07_22
"""

from collections.abc import Sequence

from rulesdb_loaders.release_v1 import downgrade_release, upgrade_release

revision: str = "cr_2016_08_26"
down_revision: str | None = "cr_2016_07_22"
branch_labels: str | Sequence[str] | None = None
depends_on: str | Sequence[str] | None = None

SEED = "cr_2016_08_26.json"
SEED_SHA256 = "dd80ff2614f4ea2bcc1a1dffa16e3835a22ff477148bdb3df2b77137d684b924"


def upgrade() -> None:
    upgrade_release(revision, SEED, SEED_SHA256)


def downgrade() -> None:
    downgrade_release("2016-08-26")
