"""CR release effective 2019-10-04 (MagicCompRules-20191004.txt).

Revision ID: cr_2019_10_04
Revises: cr_2019_08_23
"""

from collections.abc import Sequence

from rulesdb_loaders.release_v1 import downgrade_release, upgrade_release

revision: str = "cr_2019_10_04"
down_revision: str | None = "cr_2019_08_23"
branch_labels: str | Sequence[str] | None = None
depends_on: str | Sequence[str] | None = None

SEED = "cr_2019_10_04.json"
SEED_SHA256 = "5eb21f79789a503ac60d328ec7dde8fed7926f6a0e5c5c45bd9218a86af1b77f"


def upgrade() -> None:
    upgrade_release(revision, SEED, SEED_SHA256)


def downgrade() -> None:
    downgrade_release("2019-10-04")
