"""CR release effective 2005-02-01 (MagicCompRules-20050201.txt).

Revision ID: cr_2005_02_01
Revises: cr_2004_10_01
"""

from collections.abc import Sequence

from rulesdb_loaders.release_v3 import downgrade_release, upgrade_release

revision: str = "cr_2005_02_01"
down_revision: str | None = "cr_2004_10_01"
branch_labels: str | Sequence[str] | None = None
depends_on: str | Sequence[str] | None = None

SEED = "cr_2005_02_01.json"
SEED_SHA256 = "bbcabd2a5ed11f4affaeb7b7bc2edf500905815bf1f93f8697929407938b54ab"


def upgrade() -> None:
    upgrade_release(revision, SEED, SEED_SHA256)


def downgrade() -> None:
    downgrade_release("2005-02-01")
