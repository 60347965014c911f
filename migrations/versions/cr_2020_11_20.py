"""CR release effective 2020-11-20 (MagicCompRules-20201120.txt).

Revision ID: cr_2020_11_20
Revises: cr_2020_09_25
"""

from collections.abc import Sequence

from rulesdb_loaders.release_v1 import downgrade_release, upgrade_release

revision: str = "cr_2020_11_20"
down_revision: str | None = "cr_2020_09_25"
branch_labels: str | Sequence[str] | None = None
depends_on: str | Sequence[str] | None = None

SEED = "cr_2020_11_20.json"
SEED_SHA256 = "31713c0e15c5b9635373d20eefee51f64d9065fd0f2379bdc142bc78e5980939"


def upgrade() -> None:
    upgrade_release(revision, SEED, SEED_SHA256)


def downgrade() -> None:
    downgrade_release("2020-11-20")
