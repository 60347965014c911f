"""CR release effective 2022-07-08 (MagicCompRules-20220708.txt).

Revision ID: cr_2022_07_08
Revises: cr_2022_06_10
"""

from collections.abc import Sequence

from rulesdb_loaders.schema_0001 import load_release, unload_release

revision: str = "cr_2022_07_08"
down_revision: str | None = "cr_2022_06_10"
branch_labels: str | Sequence[str] | None = None
depends_on: str | Sequence[str] | None = None

SEED = "cr_2022_07_08.json"
SEED_SHA256 = "45bb61cb55a4a33589127bfada90c637f6e48400a57c41dedbe2f6951ffbd69d"


def upgrade() -> None:
    load_release(revision, SEED, SEED_SHA256)


def downgrade() -> None:
    unload_release(revision)
