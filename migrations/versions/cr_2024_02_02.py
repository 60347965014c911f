"""CR release effective 2024-02-02 (MagicCompRules-20240202.txt).

Revision ID: cr_2024_02_02
Revises: cr_2023_11_17
"""

from collections.abc import Sequence

from rulesdb_loaders.release_v1 import downgrade_release, upgrade_release

revision: str = "cr_2024_02_02"
down_revision: str | None = "cr_2023_11_17"
branch_labels: str | Sequence[str] | None = None
depends_on: str | Sequence[str] | None = None

SEED = "cr_2024_02_02.json"
SEED_SHA256 = "eee320b01771d446aed3d57ec50723c8cf358e40386fab87a0ddd0612824f4be"


def upgrade() -> None:
    upgrade_release(revision, SEED, SEED_SHA256)


def downgrade() -> None:
    downgrade_release("2024-02-02")
