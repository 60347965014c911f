"""CR release effective 2024-04-12 (MagicCompRules-20240412.txt).

Revision ID: cr_2024_04_12
Revises: cr_2024_03_08
"""

from collections.abc import Sequence

from rulesdb_loaders.release_v1 import downgrade_release, upgrade_release

revision: str = "cr_2024_04_12"
down_revision: str | None = "cr_2024_03_08"
branch_labels: str | Sequence[str] | None = None
depends_on: str | Sequence[str] | None = None

SEED = "cr_2024_04_12.json"
SEED_SHA256 = "2beb3531ec927bcc45ea3b6744a8ec52c69abd45a7e024086821717d731714fe"


def upgrade() -> None:
    upgrade_release(revision, SEED, SEED_SHA256)


def downgrade() -> None:
    downgrade_release("2024-04-12")
