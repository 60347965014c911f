"""CR release effective 2026-01-16 (MagicCompRules-20260116.txt).

Revision ID: cr_2026_01_16
Revises: cr_2025_11_14
"""

from collections.abc import Sequence

from rulesdb_loaders.release_v1 import downgrade_release, upgrade_release

revision: str = "cr_2026_01_16"
down_revision: str | None = "cr_2025_11_14"
branch_labels: str | Sequence[str] | None = None
depends_on: str | Sequence[str] | None = None

SEED = "cr_2026_01_16.json"
SEED_SHA256 = "b472913acd77cf80ff18cf4712b3e4267fcbba7adab64b8748bc5198beaf2829"


def upgrade() -> None:
    upgrade_release(revision, SEED, SEED_SHA256)


def downgrade() -> None:
    downgrade_release("2026-01-16")
