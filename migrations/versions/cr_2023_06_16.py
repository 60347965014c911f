"""CR release effective 2023-06-16 (MagicCompRules-20230616.txt).

Revision ID: cr_2023_06_16
Revises: cr_2023_04_14
"""

from collections.abc import Sequence

from rulesdb_loaders.schema_0001 import load_release, unload_release

revision: str = "cr_2023_06_16"
down_revision: str | None = "cr_2023_04_14"
branch_labels: str | Sequence[str] | None = None
depends_on: str | Sequence[str] | None = None

SEED = "cr_2023_06_16.json"
SEED_SHA256 = "33443af1c74a99c9d35784ed97e20d2b2530af1801e2062343bf9b6e83804c23"


def upgrade() -> None:
    load_release(revision, SEED, SEED_SHA256)


def downgrade() -> None:
    unload_release(revision)
