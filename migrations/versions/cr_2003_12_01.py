"""CR release effective 2003-12-01 (MagicCompRules-20031201.txt).

Revision ID: cr_2003_12_01
Revises: cr_2003_10_01
"""

from collections.abc import Sequence

from rulesdb_loaders.release_v3 import downgrade_release, upgrade_release

revision: str = "cr_2003_12_01"
down_revision: str | None = "cr_2003_10_01"
branch_labels: str | Sequence[str] | None = None
depends_on: str | Sequence[str] | None = None

SEED = "cr_2003_12_01.json"
SEED_SHA256 = "dc8ef83255ba3880892b667e93fa5d41811d1d4acbe7da0c365d7840f9f8b65f"


def upgrade() -> None:
    upgrade_release(revision, SEED, SEED_SHA256)


def downgrade() -> None:
    downgrade_release("2003-12-01")
