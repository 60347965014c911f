"""CR release effective 2006-07-15 (MagicCompRules-20060715.txt).

Revision ID: cr_2006_07_15
Revises: cr_2006_05_01
"""

from collections.abc import Sequence

from rulesdb_loaders.release_v3 import downgrade_release, upgrade_release

revision: str = "cr_2006_07_15"
down_revision: str | None = "cr_2006_05_01"
branch_labels: str | Sequence[str] | None = None
depends_on: str | Sequence[str] | None = None

SEED = "cr_2006_07_15.json"
SEED_SHA256 = "8b1d0392a07cfa757e0f260b6d219587552420a953eea9d84bf6ccf21b99abad"


def upgrade() -> None:
    upgrade_release(revision, SEED, SEED_SHA256)


def downgrade() -> None:
    downgrade_release("2006-07-15")
