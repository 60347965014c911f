"""CR release effective 2011-05-01 (MagicCompRules-20110501.txt).

Revision ID: cr_2011_05_01
Revises: cr_2011_04_01
"""

from collections.abc import Sequence

from rulesdb_loaders.release_v3 import downgrade_release, upgrade_release

revision: str = "cr_2011_05_01"
down_revision: str | None = "cr_2011_04_01"
branch_labels: str | Sequence[str] | None = None
depends_on: str | Sequence[str] | None = None

SEED = "cr_2011_05_01.json"
SEED_SHA256 = "791b8cface18a0515e8c28ac0adc3c9882a75fb3798281d50f54d51fd1639baa"


def upgrade() -> None:
    upgrade_release(revision, SEED, SEED_SHA256)


def downgrade() -> None:
    downgrade_release("2011-05-01")
