"""CR release effective 2023-04-14 (MagicCompRules-20230414.txt).

Revision ID: cr_2023_04_14
Revises: cr_2023_02_03
"""

from collections.abc import Sequence

from rulesdb_loaders.schema_0001 import load_release, unload_release

revision: str = "cr_2023_04_14"
down_revision: str | None = "cr_2023_02_03"
branch_labels: str | Sequence[str] | None = None
depends_on: str | Sequence[str] | None = None

SEED = "cr_2023_04_14.json"
SEED_SHA256 = "b74685b7300843c908b63b5df91b0b59b5591fbba309e9e060f4cdd8143b380a"


def upgrade() -> None:
    load_release(revision, SEED, SEED_SHA256)


def downgrade() -> None:
    unload_release(revision)
