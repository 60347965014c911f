"""CR release effective 2009-09-04 (MagicCompRules-20090904.txt).

Revision ID: cr_2009_09_04
Revises: cr_2009_07_11
"""

from collections.abc import Sequence

from rulesdb_loaders.release_v3 import downgrade_release, upgrade_release

revision: str = "cr_2009_09_04"
down_revision: str | None = "cr_2009_07_11"
branch_labels: str | Sequence[str] | None = None
depends_on: str | Sequence[str] | None = None

SEED = "cr_2009_09_04.json"
SEED_SHA256 = "b9835b7ecadca3c8231a4ce4d54fa0d569903bb7af9ff7f9d89e620b7be1d7f1"


def upgrade() -> None:
    upgrade_release(revision, SEED, SEED_SHA256)


def downgrade() -> None:
    downgrade_release("2009-09-04")
