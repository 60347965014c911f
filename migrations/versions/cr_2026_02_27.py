"""CR release effective 2026-02-27 (MagicCompRules-20260227.txt).

Revision ID: cr_2026_02_27
Revises: cr_2026_01_16
"""

from collections.abc import Sequence

from rulesdb_loaders.schema_0001 import load_release, unload_release

revision: str = "cr_2026_02_27"
down_revision: str | None = "cr_2026_01_16"
branch_labels: str | Sequence[str] | None = None
depends_on: str | Sequence[str] | None = None

SEED = "cr_2026_02_27.json"
SEED_SHA256 = "c10c8c5b39ef66a1a3ef7cdd58245a7bb492da171c57fb18fa8c707753d168fc"


def upgrade() -> None:
    load_release(revision, SEED, SEED_SHA256)


def downgrade() -> None:
    unload_release(revision)
