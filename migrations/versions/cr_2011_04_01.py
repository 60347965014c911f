"""CR release effective 2011-04-01 (MagicCompRules-20110401.txt).

Revision ID: cr_2011_04_01
Revises: cr_2011_02_04
"""

from collections.abc import Sequence

from rulesdb_loaders.release_v3 import downgrade_release, upgrade_release

revision: str = "cr_2011_04_01"
down_revision: str | None = "cr_2011_02_04"
branch_labels: str | Sequence[str] | None = None
depends_on: str | Sequence[str] | None = None

SEED = "cr_2011_04_01.json"
SEED_SHA256 = "a14ffd4b15c8aee1c8ec9e7c721c146e32869a780844bc278f272e9cc0786e2b"


def upgrade() -> None:
    upgrade_release(revision, SEED, SEED_SHA256)


def downgrade() -> None:
    downgrade_release("2011-04-01")
