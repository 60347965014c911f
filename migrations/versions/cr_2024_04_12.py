"""CR release effective 2024-04-12 (MagicCompRules-20240412.txt).

Revision ID: cr_2024_04_12
Revises: cr_2024_03_08
"""

from collections.abc import Sequence

from rulesdb_loaders.schema_0001 import load_release, unload_release

revision: str = "cr_2024_04_12"
down_revision: str | None = "cr_2024_03_08"
branch_labels: str | Sequence[str] | None = None
depends_on: str | Sequence[str] | None = None

SEED = "cr_2024_04_12.json"
SEED_SHA256 = "a661f766b050af00d9e8de5f44e920f054d0e529a4d9226ebbe94986a6eb67fe"


def upgrade() -> None:
    load_release(revision, SEED, SEED_SHA256)


def downgrade() -> None:
    unload_release(revision)
