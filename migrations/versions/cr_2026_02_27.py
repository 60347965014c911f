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
SEED_SHA256 = "2c84f559fc1c844881fac52f0f73ea8b9018ea9e23f345c0b0e0a292d700903b"


def upgrade() -> None:
    load_release(revision, SEED, SEED_SHA256)


def downgrade() -> None:
    unload_release(revision)
