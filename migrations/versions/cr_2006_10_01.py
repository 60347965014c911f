"""CR release effective 2006-10-01 (MagicCompRules-20061001.txt).

Revision ID: cr_2006_10_01
Revises: cr_2006_07_15
"""

from collections.abc import Sequence

from rulesdb_loaders.release_v3 import downgrade_release, upgrade_release

revision: str = "cr_2006_10_01"
down_revision: str | None = "cr_2006_07_15"
branch_labels: str | Sequence[str] | None = None
depends_on: str | Sequence[str] | None = None

SEED = "cr_2006_10_01.json"
SEED_SHA256 = "8f1fd6d9e6a07df3c62ce21f92f535b52d791d5c08af7aeb1eca25f80edb5f88"


def upgrade() -> None:
    upgrade_release(revision, SEED, SEED_SHA256)


def downgrade() -> None:
    downgrade_release("2006-10-01")
