"""CR release effective 2019-07-12 (MagicCompRules-20190712.txt).

Revision ID: cr_2019_07_12
Revises: cr_2019_06_14
"""

from collections.abc import Sequence

from rulesdb_loaders.release_v1 import downgrade_release, upgrade_release

revision: str = "cr_2019_07_12"
down_revision: str | None = "cr_2019_06_14"
branch_labels: str | Sequence[str] | None = None
depends_on: str | Sequence[str] | None = None

SEED = "cr_2019_07_12.json"
SEED_SHA256 = "e3b8c171f4e9e3333bc4d960bd5e392daa8b01b848e4441cd2b6b976703e4ebd"


def upgrade() -> None:
    upgrade_release(revision, SEED, SEED_SHA256)


def downgrade() -> None:
    downgrade_release("2019-07-12")
