"""CR release effective 2012-06-01 (MagicCompRules-20120601.txt).

Revision ID: cr_2012_06_01
Revises: cr_2012_05_01
"""

from collections.abc import Sequence

from rulesdb_loaders.schema_0001 import load_release, unload_release

revision: str = "cr_2012_06_01"
down_revision: str | None = "cr_2012_05_01"
branch_labels: str | Sequence[str] | None = None
depends_on: str | Sequence[str] | None = None

SEED = "cr_2012_06_01.json"
SEED_SHA256 = "90d6a27376f5bec95bd2c55a2f906dd9adc953230242d62b31efa04f82ed6f3f"


def upgrade() -> None:
    load_release(revision, SEED, SEED_SHA256)


def downgrade() -> None:
    unload_release(revision)
