"""CR release effective 2017-09-29 (MagicCompRules-20170929.txt).

Revision ID: cr_2017_09_29
Revises: cr_2017_08_25
"""

from collections.abc import Sequence

from rulesdb_loaders.release_v1 import downgrade_release, upgrade_release

revision: str = "cr_2017_09_29"
down_revision: str | None = "cr_2017_08_25"
branch_labels: str | Sequence[str] | None = None
depends_on: str | Sequence[str] | None = None

SEED = "cr_2017_09_29.json"
SEED_SHA256 = "55469aa2af7c123eadf48f38ad0d90c95a9355e737b9a897f26a0daa664e2f49"


def upgrade() -> None:
    upgrade_release(revision, SEED, SEED_SHA256)


def downgrade() -> None:
    downgrade_release("2017-09-29")
