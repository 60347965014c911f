"""CR release effective 1999-04-23 (MagicCompRules-19990423.txt).

Revision ID: cr_1999_04_23
Revises: 0003_release_note
"""

from collections.abc import Sequence

from rulesdb_loaders.release_v3 import downgrade_release, upgrade_release

revision: str = "cr_1999_04_23"
down_revision: str | None = "0003_release_note"
branch_labels: str | Sequence[str] | None = None
depends_on: str | Sequence[str] | None = None

SEED = "cr_1999_04_23.json"
SEED_SHA256 = "6a5bd77a92d0f9d20afcfc6cf40579e4fd3157031a3e71afdc63104cf20d3d9c"


def upgrade() -> None:
    upgrade_release(revision, SEED, SEED_SHA256)


def downgrade() -> None:
    downgrade_release("1999-04-23")
