"""CR release effective 2006-02-01 (MagicCompRules-20060201.txt).

Revision ID: cr_2006_02_01
Revises: cr_2005_10_01
"""

from collections.abc import Sequence

from rulesdb_loaders.release_v3 import downgrade_release, upgrade_release

revision: str = "cr_2006_02_01"
down_revision: str | None = "cr_2005_10_01"
branch_labels: str | Sequence[str] | None = None
depends_on: str | Sequence[str] | None = None

SEED = "cr_2006_02_01.json"
SEED_SHA256 = "a07f6b1157889e1789ba486e99a2a5380e5e7d403d0bb421302ca3bee82cb25f"


def upgrade() -> None:
    upgrade_release(revision, SEED, SEED_SHA256)


def downgrade() -> None:
    downgrade_release("2006-02-01")
