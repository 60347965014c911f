"""CR release effective 2023-02-03 (MagicCompRules-20230203.txt).

Revision ID: cr_2023_02_03
Revises: cr_2022_11_18
"""

from collections.abc import Sequence

from rulesdb_loaders.schema_0001 import load_release, unload_release

revision: str = "cr_2023_02_03"
down_revision: str | None = "cr_2022_11_18"
branch_labels: str | Sequence[str] | None = None
depends_on: str | Sequence[str] | None = None

SEED = "cr_2023_02_03.json"
SEED_SHA256 = "ff7c61a28df368ae49f7bb62059dc53438d852385a113bd06404765742685c62"


def upgrade() -> None:
    load_release(revision, SEED, SEED_SHA256)


def downgrade() -> None:
    unload_release(revision)
