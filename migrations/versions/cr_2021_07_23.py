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
SEED_SHA256 = "f6751a3500a8a0a2e1803d5c30c3a51ed9eb29d83d1ee7f5977225e657e1b02b"


def upgrade() -> None:
    load_release(revision, SEED, SEED_SHA256)


def downgrade() -> None:
    unload_release(revision)
