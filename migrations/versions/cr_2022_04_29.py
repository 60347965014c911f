"""CR release effective 2022-04-29 (MagicCompRules-20220429.txt).

Revision ID: cr_2022_04_29
Revises: cr_2022_02_18
"""

from collections.abc import Sequence

from rulesdb_loaders.release_v1 import downgrade_release, upgrade_release

revision: str = "cr_2022_04_29"
down_revision: str | None = "cr_2022_02_18"
branch_labels: str | Sequence[str] | None = None
depends_on: str | Sequence[str] | None = None

SEED = "cr_2022_04_29.json"
SEED_SHA256 = "ee15b223dfe066471fcbd2940b134aa10666a54b37f22f903c3217d086d1221d"


def upgrade() -> None:
    upgrade_release(revision, SEED, SEED_SHA256)


def downgrade() -> None:
    downgrade_release("2022-04-29")
