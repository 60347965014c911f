"""CR release effective 2024-11-08 (MagicCompRules-20241108.txt).

Revision ID: cr_2024_11_08
Revises: cr_2024_09_20
"""

from collections.abc import Sequence

from rulesdb_loaders.release_v1 import downgrade_release, upgrade_release

revision: str = "cr_2024_11_08"
down_revision: str | None = "cr_2024_09_20"
branch_labels: str | Sequence[str] | None = None
depends_on: str | Sequence[str] | None = None

SEED = "cr_2024_11_08.json"
SEED_SHA256 = "bdfe70231ab425d50c56a9bf6e8ae729ff9b4f53ebd2350206c4159331fbf6d5"


def upgrade() -> None:
    upgrade_release(revision, SEED, SEED_SHA256)


def downgrade() -> None:
    downgrade_release("2024-11-08")
