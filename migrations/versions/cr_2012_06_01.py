"""CR release effective 2012-06-01 (MagicCompRules-20120601.txt).

Revision ID: cr_2012_06_01
Revises: cr_2012_05_01
"""

from collections.abc import Sequence

from rulesdb_loaders.release_v3 import downgrade_release, upgrade_release

revision: str = "cr_2012_06_01"
down_revision: str | None = "cr_2012_05_01"
branch_labels: str | Sequence[str] | None = None
depends_on: str | Sequence[str] | None = None

SEED = "cr_2012_06_01.json"
SEED_SHA256 = "37ea60b919855701a9e1789b57d4db63f62f9e65e665f07819c38ff181aba6b3"


def upgrade() -> None:
    upgrade_release(revision, SEED, SEED_SHA256)


def downgrade() -> None:
    downgrade_release("2012-06-01")
