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
SEED_SHA256 = "720aecf358b15a2f85c4a71ce3807047257c33a12932312866a3e16ef620ba93"


def upgrade() -> None:
    load_release(revision, SEED, SEED_SHA256)


def downgrade() -> None:
    unload_release(revision)
