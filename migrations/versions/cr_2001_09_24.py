"""CR release effective 2001-09-24 (MagicCompRules-20010924.txt).

Revision ID: cr_2001_09_24
Revises: cr_2001_07_23
"""

from collections.abc import Sequence

from rulesdb_loaders.release_v3 import downgrade_release, upgrade_release

revision: str = "cr_2001_09_24"
down_revision: str | None = "cr_2001_07_23"
branch_labels: str | Sequence[str] | None = None
depends_on: str | Sequence[str] | None = None

SEED = "cr_2001_09_24.json"
SEED_SHA256 = "3fa14afaae7094e5ea3608b54fdd632d6eb5b8125ea7703fb7ebbc2a9f1e8b11"


def upgrade() -> None:
    upgrade_release(revision, SEED, SEED_SHA256)


def downgrade() -> None:
    downgrade_release("2001-09-24")
