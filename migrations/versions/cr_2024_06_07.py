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
SEED_SHA256 = "d3f17647690137c75b1cdeb9e8ac4fa1aaf7af04b4bd52e01c43a76f8fe2f061"


def upgrade() -> None:
    load_release(revision, SEED, SEED_SHA256)


def downgrade() -> None:
    unload_release(revision)
