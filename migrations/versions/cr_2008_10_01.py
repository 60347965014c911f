"""CR release effective 2008-10-01 (MagicCompRules-20081001.txt).

Revision ID: cr_2008_10_01
Revises: cr_2008_07_15
"""

from collections.abc import Sequence

from rulesdb_loaders.release_v3 import downgrade_release, upgrade_release

revision: str = "cr_2008_10_01"
down_revision: str | None = "cr_2008_07_15"
branch_labels: str | Sequence[str] | None = None
depends_on: str | Sequence[str] | None = None

SEED = "cr_2008_10_01.json"
SEED_SHA256 = "66bf61c82f16ed83af52fec724cb8d0042621cff2fa68a632c401a9d6d06c29f"


def upgrade() -> None:
    upgrade_release(revision, SEED, SEED_SHA256)


def downgrade() -> None:
    downgrade_release("2008-10-01")
