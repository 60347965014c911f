"""CR release effective 2022-02-18 (MagicCompRules-20220218.txt).

Revision ID: cr_2022_02_18
Revises: cr_2021_11_19
"""

from collections.abc import Sequence

from rulesdb_loaders.release_v1 import downgrade_release, upgrade_release

revision: str = "cr_2022_02_18"
down_revision: str | None = "cr_2021_11_19"
branch_labels: str | Sequence[str] | None = None
depends_on: str | Sequence[str] | None = None

SEED = "cr_2022_02_18.json"
SEED_SHA256 = "ad5a08a1b008600fc4a27dceda756a39e75e39dcc3118782a90d5fafb3454705"


def upgrade() -> None:
    upgrade_release(revision, SEED, SEED_SHA256)


def downgrade() -> None:
    downgrade_release("2022-02-18")
