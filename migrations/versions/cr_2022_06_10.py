"""CR release effective 2022-06-10 (MagicCompRules-20220610.txt).

Revision ID: cr_2022_06_10
Revises: cr_2022_04_29
"""

from collections.abc import Sequence

from rulesdb_loaders.schema_0001 import load_release, unload_release

revision: str = "cr_2022_06_10"
down_revision: str | None = "cr_2022_04_29"
branch_labels: str | Sequence[str] | None = None
depends_on: str | Sequence[str] | None = None

SEED = "cr_2022_06_10.json"
SEED_SHA256 = "6855b7545be4f55848b7e52b0f51e9dc5724b8228547f2fabab9e7c62c7eb790"


def upgrade() -> None:
    load_release(revision, SEED, SEED_SHA256)


def downgrade() -> None:
    unload_release(revision)
