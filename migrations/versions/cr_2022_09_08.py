"""CR release effective 2022-09-08 (MagicCompRules-20220908.txt).

Revision ID: cr_2022_09_08
Revises: cr_2022_07_08
"""

from collections.abc import Sequence

from rulesdb_loaders.release_v1 import downgrade_release, upgrade_release

revision: str = "cr_2022_09_08"
down_revision: str | None = "cr_2022_07_08"
branch_labels: str | Sequence[str] | None = None
depends_on: str | Sequence[str] | None = None

SEED = "cr_2022_09_08.json"
SEED_SHA256 = "b6033d25b707caedd2037d0bc5202e8ccffe6c9504a91e2a4ab650bb5e0b26d9"


def upgrade() -> None:
    upgrade_release(revision, SEED, SEED_SHA256)


def downgrade() -> None:
    downgrade_release("2022-09-08")
