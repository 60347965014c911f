"""CR release effective 2024-09-20 (MagicCompRules-20240920.txt).

Revision ID: cr_2024_09_20
Revises: cr_2024_07_30
"""

from collections.abc import Sequence

from rulesdb_loaders.release_v1 import downgrade_release, upgrade_release

revision: str = "cr_2024_09_20"
down_revision: str | None = "cr_2024_07_30"
branch_labels: str | Sequence[str] | None = None
depends_on: str | Sequence[str] | None = None

SEED = "cr_2024_09_20.json"
SEED_SHA256 = "94a68eeb159dcee51e7c45f54bef7b3190126634e5ceb21fbdbdae78ed89d9b3"


def upgrade() -> None:
    upgrade_release(revision, SEED, SEED_SHA256)


def downgrade() -> None:
    downgrade_release("2024-09-20")
