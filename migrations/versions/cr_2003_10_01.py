"""CR release effective 2003-10-01 (MagicCompRules-20031001.txt).

Revision ID: cr_2003_10_01
Revises: cr_2003_07_01
"""

from collections.abc import Sequence

from rulesdb_loaders.schema_0001 import load_release, unload_release

revision: str = "cr_2003_10_01"
down_revision: str | None = "cr_2003_07_01"
branch_labels: str | Sequence[str] | None = None
depends_on: str | Sequence[str] | None = None

SEED = "cr_2003_10_01.json"
SEED_SHA256 = "882fcf23acfd5cec3233091ec1c0e6933c325ee43dd7999d76f9b8cb4ec6e58a"


def upgrade() -> None:
    load_release(revision, SEED, SEED_SHA256)


def downgrade() -> None:
    unload_release(revision)
