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
SEED_SHA256 = "4b9da00346921a914a30e1e63e003f6a2a32df88c373c9b5c656516d9c2a1827"


def upgrade() -> None:
    load_release(revision, SEED, SEED_SHA256)


def downgrade() -> None:
    unload_release(revision)
