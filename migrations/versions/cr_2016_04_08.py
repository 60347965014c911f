"""CR release effective 2016-04-08 (MagicCompRules-20160408.txt).

Revision ID: cr_2016_04_08
Revises: cr_2016_01_16
"""

from collections.abc import Sequence

from rulesdb_loaders.release_v3 import downgrade_release, upgrade_release

revision: str = "cr_2016_04_08"
down_revision: str | None = "cr_2016_01_16"
branch_labels: str | Sequence[str] | None = None
depends_on: str | Sequence[str] | None = None

SEED = "cr_2016_04_08.json"
SEED_SHA256 = "96d47a7d624d86214943808586278e5f0110165533e9b7db491b8874c4f61bcd"


def upgrade() -> None:
    upgrade_release(revision, SEED, SEED_SHA256)


def downgrade() -> None:
    downgrade_release("2016-04-08")
