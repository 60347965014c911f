"""CR release effective 2023-02-03 (MagicCompRules-20230203.txt).

Revision ID: cr_2023_02_03
Revises: cr_2022_11_18
"""

from collections.abc import Sequence

from rulesdb_loaders.release_v1 import downgrade_release, upgrade_release

revision: str = "cr_2023_02_03"
down_revision: str | None = "cr_2022_11_18"
branch_labels: str | Sequence[str] | None = None
depends_on: str | Sequence[str] | None = None

SEED = "cr_2023_02_03.json"
SEED_SHA256 = "f5f52a1e512492dc3b72febbc583c32452f80cddc2f8d0d57369a34963957f64"


def upgrade() -> None:
    upgrade_release(revision, SEED, SEED_SHA256)


def downgrade() -> None:
    downgrade_release("2023-02-03")
