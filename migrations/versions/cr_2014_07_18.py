"""CR release effective 2014-07-18 (MagicCompRules-20140718.txt).

Revision ID: cr_2014_07_18
Revises: cr_2014_06_01
"""

from collections.abc import Sequence

from rulesdb_loaders.release_v3 import downgrade_release, upgrade_release

revision: str = "cr_2014_07_18"
down_revision: str | None = "cr_2014_06_01"
branch_labels: str | Sequence[str] | None = None
depends_on: str | Sequence[str] | None = None

SEED = "cr_2014_07_18.json"
SEED_SHA256 = "abd7efe2d6e8d454d0b6ea322a2535ca110f6152a31d89b89c493d72c4bd4f96"


def upgrade() -> None:
    upgrade_release(revision, SEED, SEED_SHA256)


def downgrade() -> None:
    downgrade_release("2014-07-18")
