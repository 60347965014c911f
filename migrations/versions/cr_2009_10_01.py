"""CR release effective 2009-10-01 (MagicCompRules-20091001.txt).

Revision ID: cr_2009_10_01
Revises: cr_2009_09_04
"""

from collections.abc import Sequence

from rulesdb_loaders.release_v3 import downgrade_release, upgrade_release

revision: str = "cr_2009_10_01"
down_revision: str | None = "cr_2009_09_04"
branch_labels: str | Sequence[str] | None = None
depends_on: str | Sequence[str] | None = None

SEED = "cr_2009_10_01.json"
SEED_SHA256 = "f423ebab7b35b4c36e3b0f3dbac53b394fc9d6471d01284f446c95458013e47f"


def upgrade() -> None:
    upgrade_release(revision, SEED, SEED_SHA256)


def downgrade() -> None:
    downgrade_release("2009-10-01")
