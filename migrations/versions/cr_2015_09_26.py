"""CR release effective 2015-09-26 (MagicCompRules-20150926.txt).

Revision ID: cr_2015_09_26
Revises: cr_2015_07_17
"""

from collections.abc import Sequence

from rulesdb_loaders.release_v3 import downgrade_release, upgrade_release

revision: str = "cr_2015_09_26"
down_revision: str | None = "cr_2015_07_17"
branch_labels: str | Sequence[str] | None = None
depends_on: str | Sequence[str] | None = None

SEED = "cr_2015_09_26.json"
SEED_SHA256 = "3d835726b319245db83062e40f68c907ebe92909c39a6eb6247d0c899d9752e1"


def upgrade() -> None:
    upgrade_release(revision, SEED, SEED_SHA256)


def downgrade() -> None:
    downgrade_release("2015-09-26")
