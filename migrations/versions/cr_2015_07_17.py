"""CR release effective 2015-07-17 (MagicCompRules-20150717.txt).

Revision ID: cr_2015_07_17
Revises: cr_2015_03_27
"""

from collections.abc import Sequence

from rulesdb_loaders.release_v3 import downgrade_release, upgrade_release

revision: str = "cr_2015_07_17"
down_revision: str | None = "cr_2015_03_27"
branch_labels: str | Sequence[str] | None = None
depends_on: str | Sequence[str] | None = None

SEED = "cr_2015_07_17.json"
SEED_SHA256 = "d55916ff7775bea455c637945ff0fd5942056df6e0b53baa3c14ddb7cd9b8b4b"


def upgrade() -> None:
    upgrade_release(revision, SEED, SEED_SHA256)


def downgrade() -> None:
    downgrade_release("2015-07-17")
