"""CR release effective 2024-07-30 (MagicCompRules-20240730.txt).

Revision ID: cr_2024_07_30
Revises: cr_2024_06_07
"""

from collections.abc import Sequence

from rulesdb_loaders.schema_0001 import load_release, unload_release

revision: str = "cr_2024_07_30"
down_revision: str | None = "cr_2024_06_07"
branch_labels: str | Sequence[str] | None = None
depends_on: str | Sequence[str] | None = None

SEED = "cr_2024_07_30.json"
SEED_SHA256 = "8eb815e98e859cc8f71e72e120da7ec8c6848edca13926dbdf9894e9c4fb0b65"


def upgrade() -> None:
    load_release(revision, SEED, SEED_SHA256)


def downgrade() -> None:
    unload_release(revision)
