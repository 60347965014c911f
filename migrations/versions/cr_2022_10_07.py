"""CR release effective 2022-10-07 (MagicCompRules-20221007.txt).

Revision ID: cr_2022_10_07
Revises: cr_2022_09_08
"""

from collections.abc import Sequence

from rulesdb_loaders.schema_0001 import load_release, unload_release

revision: str = "cr_2022_10_07"
down_revision: str | None = "cr_2022_09_08"
branch_labels: str | Sequence[str] | None = None
depends_on: str | Sequence[str] | None = None

SEED = "cr_2022_10_07.json"
SEED_SHA256 = "0a6019c695db5dae2be4a1dfe8d111fd98c3bc124d98c093f4181fabf4aee691"


def upgrade() -> None:
    load_release(revision, SEED, SEED_SHA256)


def downgrade() -> None:
    unload_release(revision)
