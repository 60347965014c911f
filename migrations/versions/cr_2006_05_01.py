"""CR release effective 2006-05-01 (MagicCompRules-20060501.txt).

Revision ID: cr_2006_05_01
Revises: cr_2006_02_01
"""

from collections.abc import Sequence

from rulesdb_loaders.schema_0001 import load_release, unload_release

revision: str = "cr_2006_05_01"
down_revision: str | None = "cr_2006_02_01"
branch_labels: str | Sequence[str] | None = None
depends_on: str | Sequence[str] | None = None

SEED = "cr_2006_05_01.json"
SEED_SHA256 = "393c15ff8f1fc9ccaab7c576a09a59bf5f4eac6647c1ee7d32dc61e9d1157310"


def upgrade() -> None:
    load_release(revision, SEED, SEED_SHA256)


def downgrade() -> None:
    unload_release(revision)
