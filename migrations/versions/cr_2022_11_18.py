"""CR release effective 2022-11-18 (MagicCompRules-20221118.txt).

Revision ID: cr_2022_11_18
Revises: cr_2022_10_07
"""

from collections.abc import Sequence

from rulesdb_loaders.schema_0001 import load_release, unload_release

revision: str = "cr_2022_11_18"
down_revision: str | None = "cr_2022_10_07"
branch_labels: str | Sequence[str] | None = None
depends_on: str | Sequence[str] | None = None

SEED = "cr_2022_11_18.json"
SEED_SHA256 = "8a597c2c9b4faa38550ef2a5eaa8d2ddfe3c0f9f2b3fcbf4a41bb567217bf17b"


def upgrade() -> None:
    load_release(revision, SEED, SEED_SHA256)


def downgrade() -> None:
    unload_release(revision)
