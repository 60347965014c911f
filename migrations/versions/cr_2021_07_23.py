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
SEED_SHA256 = "4fbba82c5701c7a1bbabf17d4c7e854e89e4c338bbcfaab80e7c103931589d0e"


def upgrade() -> None:
    load_release(revision, SEED, SEED_SHA256)


def downgrade() -> None:
    unload_release(revision)
