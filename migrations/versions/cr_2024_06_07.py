"""CR release effective 2024-06-07 (MagicCompRules-20240607.txt).

Revision ID: cr_2024_06_07
Revises: cr_2024_04_12
"""

from collections.abc import Sequence

from rulesdb_loaders.schema_0001 import load_release, unload_release

revision: str = "cr_2024_06_07"
down_revision: str | None = "cr_2024_04_12"
branch_labels: str | Sequence[str] | None = None
depends_on: str | Sequence[str] | None = None

SEED = "cr_2024_06_07.json"
SEED_SHA256 = "3fef768629bf53a2548d5d37e4533f3c84cb502db6e9c9801ae66363849a9e79"


def upgrade() -> None:
    load_release(revision, SEED, SEED_SHA256)


def downgrade() -> None:
    unload_release(revision)
