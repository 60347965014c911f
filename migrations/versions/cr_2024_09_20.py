"""CR release effective 2024-09-20 (MagicCompRules-20240920.txt).

Revision ID: cr_2024_09_20
Revises: cr_2024_07_30
"""

from collections.abc import Sequence

from rulesdb_loaders.schema_0001 import load_release, unload_release

revision: str = "cr_2024_09_20"
down_revision: str | None = "cr_2024_07_30"
branch_labels: str | Sequence[str] | None = None
depends_on: str | Sequence[str] | None = None

SEED = "cr_2024_09_20.json"
SEED_SHA256 = "cdbb4fa717076eda37cfeaf1fb4a070e971d1290a3de488604366d73d0ca25e1"


def upgrade() -> None:
    load_release(revision, SEED, SEED_SHA256)


def downgrade() -> None:
    unload_release(revision)
