"""CR release effective 2018-08-10 (MagicCompRules-20180810.txt).

Revision ID: cr_2018_08_10
Revises: cr_2018_07_13
"""

from collections.abc import Sequence

from rulesdb_loaders.release_v1 import downgrade_release, upgrade_release

revision: str = "cr_2018_08_10"
down_revision: str | None = "cr_2018_07_13"
branch_labels: str | Sequence[str] | None = None
depends_on: str | Sequence[str] | None = None

SEED = "cr_2018_08_10.json"
SEED_SHA256 = "72842ebf3a4de59141198a2e4c435098a49c6975796d60dfef4f0cfd5bc51165"


def upgrade() -> None:
    upgrade_release(revision, SEED, SEED_SHA256)


def downgrade() -> None:
    downgrade_release("2018-08-10")
