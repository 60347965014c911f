"""CR release effective 2024-06-07 (MagicCompRules-20240607.txt).

Revision ID: cr_2024_06_07
Revises: cr_2024_04_12
"""

from collections.abc import Sequence

from rulesdb_loaders.release_v1 import downgrade_release, upgrade_release

revision: str = "cr_2024_06_07"
down_revision: str | None = "cr_2024_04_12"
branch_labels: str | Sequence[str] | None = None
depends_on: str | Sequence[str] | None = None

SEED = "cr_2024_06_07.json"
SEED_SHA256 = "d3de249cb5ac3380cdb0cee1bcc832588c6bd392857a4bc9dc73d64ea26aba7e"


def upgrade() -> None:
    upgrade_release(revision, SEED, SEED_SHA256)


def downgrade() -> None:
    downgrade_release("2024-06-07")
