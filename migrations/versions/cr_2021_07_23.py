"""CR release effective 2021-07-23 (MagicCompRules-20210723.txt).

Revision ID: cr_2021_07_23
Revises: cr_2021_06_18
"""

from collections.abc import Sequence

from rulesdb_loaders.schema_0001 import load_release, unload_release

revision: str = "cr_2021_07_23"
down_revision: str | None = "cr_2021_06_18"
branch_labels: str | Sequence[str] | None = None
depends_on: str | Sequence[str] | None = None

SEED = "cr_2021_07_23.json"
SEED_SHA256 = "626ab261393f7e64f2e0c674cedf596d5a0683d4bf3c288cb115d5abb9b11ba9"


def upgrade() -> None:
    load_release(revision, SEED, SEED_SHA256)


def downgrade() -> None:
    unload_release(revision)
