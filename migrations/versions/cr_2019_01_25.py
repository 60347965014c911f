"""CR release effective 2019-01-25 (MagicCompRules-20190125.txt).

Revision ID: cr_2019_01_25
Revises: cr_2018_10_05
"""

from collections.abc import Sequence

from rulesdb_loaders.schema_0001 import load_release, unload_release

revision: str = "cr_2019_01_25"
down_revision: str | None = "cr_2018_10_05"
branch_labels: str | Sequence[str] | None = None
depends_on: str | Sequence[str] | None = None

SEED = "cr_2019_01_25.json"
SEED_SHA256 = "996598cbc139140585a04cb7e2bcf2add69ab3ee1a98fa59a4f9ea44e79f7e2f"


def upgrade() -> None:
    load_release(revision, SEED, SEED_SHA256)


def downgrade() -> None:
    unload_release(revision)
