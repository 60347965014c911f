"""CR release effective 2004-02-01 (MagicCompRules-20040201.txt).

Revision ID: cr_2004_02_01
Revises: cr_2003_12_01
"""

from collections.abc import Sequence

from rulesdb_loaders.release_v3 import downgrade_release, upgrade_release

revision: str = "cr_2004_02_01"
down_revision: str | None = "cr_2003_12_01"
branch_labels: str | Sequence[str] | None = None
depends_on: str | Sequence[str] | None = None

SEED = "cr_2004_02_01.json"
SEED_SHA256 = "6b1e25bca33f3891488e03373e77c3432609fdc13d2060f1140c04ff717e7527"


def upgrade() -> None:
    upgrade_release(revision, SEED, SEED_SHA256)


def downgrade() -> None:
    downgrade_release("2004-02-01")
