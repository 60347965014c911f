"""CR release effective 2015-11-13 (MagicCompRules-20151113.txt).

Revision ID: cr_2015_11_13
Revises: cr_2015_09_26
"""

from collections.abc import Sequence

from rulesdb_loaders.release_v3 import downgrade_release, upgrade_release

revision: str = "cr_2015_11_13"
down_revision: str | None = "cr_2015_09_26"
branch_labels: str | Sequence[str] | None = None
depends_on: str | Sequence[str] | None = None

SEED = "cr_2015_11_13.json"
SEED_SHA256 = "ac3514dcf2f6feb8fbd084d761abb0ad2e88c60c745c7b9dd1990a12d01eb0c8"


def upgrade() -> None:
    upgrade_release(revision, SEED, SEED_SHA256)


def downgrade() -> None:
    downgrade_release("2015-11-13")
