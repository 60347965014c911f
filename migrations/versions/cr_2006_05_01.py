"""CR release effective 2006-05-01 (MagicCompRules-20060501.txt).

Revision ID: cr_2006_05_01
Revises: cr_2006_02_01
"""

from collections.abc import Sequence

from rulesdb_loaders.release_v3 import downgrade_release, upgrade_release

revision: str = "cr_2006_05_01"
down_revision: str | None = "cr_2006_02_01"
branch_labels: str | Sequence[str] | None = None
depends_on: str | Sequence[str] | None = None

SEED = "cr_2006_05_01.json"
SEED_SHA256 = "bcca0ebfc848551a3e54b917af8578c3040ec84c755eb6b8de6d16fd1cc52bcb"


def upgrade() -> None:
    upgrade_release(revision, SEED, SEED_SHA256)


def downgrade() -> None:
    downgrade_release("2006-05-01")
