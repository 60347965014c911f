"""CR release effective 2022-09-08 (MagicCompRules-20220908.txt).

Revision ID: cr_2022_09_08
Revises: cr_2022_07_08
"""

from collections.abc import Sequence

from rulesdb_loaders.schema_0001 import load_release, unload_release

revision: str = "cr_2022_09_08"
down_revision: str | None = "cr_2022_07_08"
branch_labels: str | Sequence[str] | None = None
depends_on: str | Sequence[str] | None = None

SEED = "cr_2022_09_08.json"
SEED_SHA256 = "d70065e4e8ea5944f4d0584ea83dad69707186e6ce03ba2fbe8db290ecda0158"


def upgrade() -> None:
    load_release(revision, SEED, SEED_SHA256)


def downgrade() -> None:
    unload_release(revision)
