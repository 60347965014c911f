"""CR release effective 2019-08-23 (MagicCompRules-20190823.txt).

Revision ID: cr_2019_08_23
Revises: cr_2019_07_12
"""

from collections.abc import Sequence

from rulesdb_loaders.release_v1 import downgrade_release, upgrade_release

revision: str = "cr_2019_08_23"
down_revision: str | None = "cr_2019_07_12"
branch_labels: str | Sequence[str] | None = None
depends_on: str | Sequence[str] | None = None

SEED = "cr_2019_08_23.json"
SEED_SHA256 = "336107332fe049a2efa8695ba486c88fa7547a27eedc15cc82880034305569da"


def upgrade() -> None:
    upgrade_release(revision, SEED, SEED_SHA256)


def downgrade() -> None:
    downgrade_release("2019-08-23")
