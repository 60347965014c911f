"""CR release effective 2007-09-07 (MagicCompRules-20070907.txt).

Revision ID: cr_2007_09_07
Revises: cr_2007_07_13
"""

from collections.abc import Sequence

from rulesdb_loaders.release_v3 import downgrade_release, upgrade_release

revision: str = "cr_2007_09_07"
down_revision: str | None = "cr_2007_07_13"
branch_labels: str | Sequence[str] | None = None
depends_on: str | Sequence[str] | None = None

SEED = "cr_2007_09_07.json"
SEED_SHA256 = "77401b5d859bf28851c92f12d9f3ee63b45e4dd686ef8dbfdc0f8a2c14439cd7"


def upgrade() -> None:
    upgrade_release(revision, SEED, SEED_SHA256)


def downgrade() -> None:
    downgrade_release("2007-09-07")
