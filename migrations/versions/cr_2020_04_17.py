"""CR release effective 2020-04-17 (MagicCompRules-20200417.txt).

Revision ID: cr_2020_04_17
Revises: cr_2020_01_24
"""

from collections.abc import Sequence

from rulesdb_loaders.release_v1 import downgrade_release, upgrade_release

revision: str = "cr_2020_04_17"
down_revision: str | None = "cr_2020_01_24"
branch_labels: str | Sequence[str] | None = None
depends_on: str | Sequence[str] | None = None

SEED = "cr_2020_04_17.json"
SEED_SHA256 = "5769aaa1098b08adf5526a975d73e196dfecca8862eef22f9a3e4d7ae976f64f"


def upgrade() -> None:
    upgrade_release(revision, SEED, SEED_SHA256)


def downgrade() -> None:
    downgrade_release("2020-04-17")
