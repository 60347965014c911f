"""CR release effective 2004-10-01 (MagicCompRules-20041001.txt).

Revision ID: cr_2004_10_01
Revises: cr_2004_06_01
"""

from collections.abc import Sequence

from rulesdb_loaders.schema_0001 import load_release, unload_release

revision: str = "cr_2004_10_01"
down_revision: str | None = "cr_2004_06_01"
branch_labels: str | Sequence[str] | None = None
depends_on: str | Sequence[str] | None = None

SEED = "cr_2004_10_01.json"
SEED_SHA256 = "281e389f7e18d19a20f46886509cf54041005b02b86238ab5e95051e897c65b7"


def upgrade() -> None:
    load_release(revision, SEED, SEED_SHA256)


def downgrade() -> None:
    unload_release(revision)
