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
SEED_SHA256 = "9b94d232f4d571ed31c08b6cca527c0523d7568e183a58b9e72f9676d4d0dd1a"


def upgrade() -> None:
    load_release(revision, SEED, SEED_SHA256)


def downgrade() -> None:
    unload_release(revision)
