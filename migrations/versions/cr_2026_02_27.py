"""CR release effective 2026-02-27 (MagicCompRules-20260227.txt).

Revision ID: cr_2026_02_27
Revises: cr_2026_01_16
"""

from collections.abc import Sequence

from rulesdb_loaders.release_v1 import downgrade_release, upgrade_release

revision: str = "cr_2026_02_27"
down_revision: str | None = "cr_2026_01_16"
branch_labels: str | Sequence[str] | None = None
depends_on: str | Sequence[str] | None = None

SEED = "cr_2026_02_27.json"
SEED_SHA256 = "34ada4c1b371f13f79311f1dc244d8308e3772802d5ced1ca0ea5c664dd7504b"


def upgrade() -> None:
    upgrade_release(revision, SEED, SEED_SHA256)


def downgrade() -> None:
    downgrade_release("2026-02-27")
