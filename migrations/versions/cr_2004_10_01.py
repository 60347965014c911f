"""CR release effective 2004-10-01 (MagicCompRules-20041001.txt).

Revision ID: cr_2004_10_01
Revises: cr_2004_06_01
"""

from collections.abc import Sequence

from rulesdb_loaders.release_v3 import downgrade_release, upgrade_release

revision: str = "cr_2004_10_01"
down_revision: str | None = "cr_2004_06_01"
branch_labels: str | Sequence[str] | None = None
depends_on: str | Sequence[str] | None = None

SEED = "cr_2004_10_01.json"
SEED_SHA256 = "28d2606f56532e8905b542f5d15463dfd53b5887cefedff304ffe506c621c81b"


def upgrade() -> None:
    upgrade_release(revision, SEED, SEED_SHA256)


def downgrade() -> None:
    downgrade_release("2004-10-01")
