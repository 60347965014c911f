"""CR release effective 2013-05-01 (MagicCompRules-20130501.txt).

Revision ID: cr_2013_05_01
Revises: cr_2013_02_01
"""

from collections.abc import Sequence

from rulesdb_loaders.release_v3 import downgrade_release, upgrade_release

revision: str = "cr_2013_05_01"
down_revision: str | None = "cr_2013_02_01"
branch_labels: str | Sequence[str] | None = None
depends_on: str | Sequence[str] | None = None

SEED = "cr_2013_05_01.json"
SEED_SHA256 = "414fc964b4284c29da5dec122e1b1aca9e74a07668d311a894066b39a9df97ca"


def upgrade() -> None:
    upgrade_release(revision, SEED, SEED_SHA256)


def downgrade() -> None:
    downgrade_release("2013-05-01")
