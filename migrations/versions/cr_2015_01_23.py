"""CR release effective 2015-01-23 (MagicCompRules-20150123.txt).

Revision ID: cr_2015_01_23
Revises: cr_2014_09_25
"""

from collections.abc import Sequence

from rulesdb_loaders.release_v3 import downgrade_release, upgrade_release

revision: str = "cr_2015_01_23"
down_revision: str | None = "cr_2014_09_25"
branch_labels: str | Sequence[str] | None = None
depends_on: str | Sequence[str] | None = None

SEED = "cr_2015_01_23.json"
SEED_SHA256 = "9bc51ab44958e7687092453e8c48fd3d8195fc923a4754afe5e6d6bcf1b32e4b"


def upgrade() -> None:
    upgrade_release(revision, SEED, SEED_SHA256)


def downgrade() -> None:
    downgrade_release("2015-01-23")
