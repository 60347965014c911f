"""CR release effective 2018-04-27 (MagicCompRules-20180427.txt).

Revision ID: cr_2018_04_27
Revises: cr_2018_01_19
"""

from collections.abc import Sequence

from rulesdb_loaders.schema_0001 import load_release, unload_release

revision: str = "cr_2018_04_27"
down_revision: str | None = "cr_2018_01_19"
branch_labels: str | Sequence[str] | None = None
depends_on: str | Sequence[str] | None = None

SEED = "cr_2018_04_27.json"
SEED_SHA256 = "922333b2bf9c2ff842135b002f12a83ff13ac9a5d94c08ca050068b7f376b1e4"


def upgrade() -> None:
    load_release(revision, SEED, SEED_SHA256)


def downgrade() -> None:
    unload_release(revision)
