"""CR release effective 2003-06-01 (MagicCompRules-20030601.rtf).

Revision ID: cr_2003_06_01
Revises: cr_2003_05_26
"""

from collections.abc import Sequence

from rulesdb_loaders.schema_0001 import load_release, unload_release

revision: str = "cr_2003_06_01"
down_revision: str | None = "cr_2003_05_26"
branch_labels: str | Sequence[str] | None = None
depends_on: str | Sequence[str] | None = None

SEED = "cr_2003_06_01.json"
SEED_SHA256 = "050a1ef1b20d227cd40d4cc09737d09557a765a5a79f6042ce2b295f507f8d7a"


def upgrade() -> None:
    load_release(revision, SEED, SEED_SHA256)


def downgrade() -> None:
    unload_release(revision)
