"""CR release effective 2004-06-01 (MagicCompRules-20040601.txt).

Revision ID: cr_2004_06_01
Revises: cr_2004_02_01
"""

from collections.abc import Sequence

from rulesdb_loaders.release_v3 import downgrade_release, upgrade_release

revision: str = "cr_2004_06_01"
down_revision: str | None = "cr_2004_02_01"
branch_labels: str | Sequence[str] | None = None
depends_on: str | Sequence[str] | None = None

SEED = "cr_2004_06_01.json"
SEED_SHA256 = "e211a426498b43dde26973b943924ffe9f54c2e44571c49cf1e58d4c6fe2b040"


def upgrade() -> None:
    upgrade_release(revision, SEED, SEED_SHA256)


def downgrade() -> None:
    downgrade_release("2004-06-01")
